import { Alert, Anchor, Button, Checkbox, List, Modal, Stack, Text } from '@mantine/core';
import { THERAPY_INFO, type VisitFieldError } from '@contract';
import { useState } from 'react';
import type { VisitDraft } from '../model/draft';
import { fieldNameOf } from '../model/labels';
import { Section } from './Section';
import { counted } from '@/lib/intl';

/** The section a problem's field belongs to, to jump to it. */
function sectionOf(field: string): string {
  const [head] = field.split('.');
  if (head === 'consent' || head === 'client_id') return 'consent';
  if (head === 'contraindications') return 'screen';
  if (head === 'vitals' || head === 'reactions' || head === 'notes') return head;
  return 'therapy';
}

/**
 * Sign-off: what is still missing, each linked to its place; when nothing
 * is, a confirmation that shows what will be locked. Signing works offline:
 * it is kept on this device and reaches the server after the draft.
 */
export function SignOff({
  draft,
  missing,
  onSign,
}: {
  draft: VisitDraft;
  missing: readonly VisitFieldError[];
  onSign: () => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [signing, setSigning] = useState(false);
  const therapy = draft[draft.therapy] as Record<string, unknown> | undefined;
  const count = (list: unknown) => (Array.isArray(list) ? list.length : 0);
  return (
    <Section id="sign-off" title="Sign-off">
      {missing.length > 0 ? (
        <Alert color="gray" variant="light" title="Before the visit can be signed">
          <List size="sm" spacing={4}>
            {missing.map((problem) => (
              <List.Item key={`${problem.field}:${problem.message}`}>
                <Anchor href={`#${sectionOf(problem.field)}`} size="sm">
                  {fieldNameOf(draft.therapy, problem.field)}
                </Anchor>
                : {problem.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : (
        <Text size="sm">
          Everything signing needs is recorded. Once signed, the visit is locked; corrections are addenda.
        </Text>
      )}
      <Button
        onClick={() => setConfirming(true)}
        disabled={missing.length > 0}
        size="md"
        style={{ alignSelf: 'flex-start' }}
      >
        Sign visit
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Sign and lock this visit?">
        <Stack gap="md">
          <Text size="sm">
            Signing locks everything charted for this {THERAPY_INFO[draft.therapy].title.toLowerCase()}:
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>consent and the contraindication screen</List.Item>
            <List.Item>{counted(count(draft.vitals), 'vitals entry', 'vitals entries')}</List.Item>
            <List.Item>
              the {THERAPY_INFO[draft.therapy].name} record
              {therapy && 'additives' in therapy
                ? `, with ${counted(count(therapy.additives), 'additive', 'additives')}`
                : ''}
            </List.Item>
            <List.Item>
              {counted(count(draft.reactions), 'adverse reaction', 'adverse reactions')}, and the notes
            </List.Item>
          </List>
          <Text size="sm">After signing, changes can only be added as addenda.</Text>
          <Checkbox
            label="I confirm this record is accurate and complete"
            checked={confirmed}
            onChange={(event) => setConfirmed(event.currentTarget.checked)}
          />
          <Button
            disabled={!confirmed}
            loading={signing}
            onClick={() => {
              setSigning(true);
              void onSign().finally(() => {
                setSigning(false);
                setConfirming(false);
              });
            }}
          >
            Sign and lock
          </Button>
        </Stack>
      </Modal>
    </Section>
  );
}
