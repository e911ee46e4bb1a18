import { Alert, Anchor, Button, List, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  SIGNATURE_MEANINGS,
  THERAPY_INFO,
  WARNING_REASON_MIN,
  unacknowledgedWarnings,
  warningKey,
  type SignatureMeaning,
  type VisitFieldError,
  type VisitWarning,
} from '@contract';
import { useState } from 'react';
import { ChoiceCards } from '@/components/ChoiceCards';
import { ConfirmIdentity } from '@/features/auth';
import { fullName, profileOf, userDetailQueryOptions } from '@/features/people';
import type { SignedInUser } from '@/lib/auth/guards';
import { roleLabel } from '@/lib/auth/roles';
import { counted } from '@/lib/intl';
import type { SignatureGiven } from '../api/changes';
import type { VisitDraft } from '../model/draft';
import { fieldNameOf } from '../model/labels';
import { Section } from './Section';
import { GrowingTextarea } from '@/components/GrowingTextarea';

/** The section a problem's field belongs to, to jump to it. */
function sectionOf(field: string): string {
  const [head] = field.split('.');
  if (head === 'consent' || head === 'client_id') return 'consent';
  if (head === 'contraindications') return 'screen';
  if (head === 'vitals' || head === 'reactions' || head === 'notes') return head;
  return 'therapy';
}

/** What a signature may mean, each with the statement it makes. */
const MEANING_CHOICES = (
  Object.entries(SIGNATURE_MEANINGS) as [SignatureMeaning, { label: string; statement: string }][]
).map(([value, { label, statement }]) => ({ value, label, description: statement }));

/** A field at fault, linked to its section. */
function FieldLink({ therapy, field }: { therapy: VisitDraft['therapy']; field: string }) {
  return (
    <Anchor href={`#${sectionOf(field)}`} size="sm">
      {fieldNameOf(therapy, field)}
    </Anchor>
  );
}

/** Each warning with a box for why the value stands: signing records the reasons with the signature. */
function WarningReasons({
  therapy,
  warnings,
  reasons,
  onReason,
}: {
  therapy: VisitDraft['therapy'];
  warnings: readonly VisitWarning[];
  reasons: ReadonlyMap<string, string>;
  onReason: (key: string, reason: string) => void;
}) {
  return (
    <Alert color="orange" variant="light" title="Check before signing">
      <Stack gap="sm">
        <Text size="sm">These values are possible but unusual. Correct them, or say why each stands.</Text>
        {warnings.map((warning) => {
          const key = warningKey(warning);
          return (
            <Stack key={key} gap={4}>
              <Text size="sm">
                <FieldLink therapy={therapy} field={warning.field} />: {warning.message}
              </Text>
              <GrowingTextarea
                label={`Why it stands: ${fieldNameOf(therapy, warning.field)}`}
                description={`At least ${WARNING_REASON_MIN} characters; kept with your signature.`}
                minRows={1}
                maxLength={500}
                value={reasons.get(key) ?? ''}
                onChange={(event) => onReason(key, event.currentTarget.value)}
              />
            </Stack>
          );
        })}
      </Stack>
    </Alert>
  );
}

/**
 * Sign-off: what is still missing, each linked to its place; what needs a
 * second look, each with the signer's reason; then the signature itself. The
 * signer reads what will be locked and what their signature means, and shows
 * it is them (password, or the passkey of the unlock screen) there and then.
 * Signing works offline: it is kept on this device and reaches the server
 * after the draft.
 */
export function SignOff({
  draft,
  missing,
  warnings,
  user,
  onSign,
}: {
  draft: VisitDraft;
  missing: readonly VisitFieldError[];
  warnings: readonly VisitWarning[];
  user: Pick<SignedInUser, 'username' | 'role'>;
  onSign: (signature: SignatureGiven) => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [meaning, setMeaning] = useState<SignatureMeaning>('performed');
  const [reasons, setReasons] = useState<ReadonlyMap<string, string>>(new Map());
  const signer = useQuery(userDetailQueryOptions(user.username)).data;
  const signerName = signer ? fullName(profileOf(signer).profile) : '';
  const acknowledged = warnings.map((warning) => ({
    field: warning.field,
    code: warning.code,
    reason: (reasons.get(warningKey(warning)) ?? '').trim(),
  }));
  const unanswered = unacknowledgedWarnings(warnings, acknowledged);
  const therapy = draft[draft.therapy] as Record<string, unknown> | undefined;
  const count = (list: unknown) => (Array.isArray(list) ? list.length : 0);
  return (
    <Section id="sign-off" title="Sign-off">
      {missing.length > 0 ? (
        <Alert color="gray" variant="light" title="Before the visit can be signed">
          <List size="sm" spacing={4}>
            {missing.map((problem) => (
              <List.Item key={`${problem.field}:${problem.message}`}>
                <FieldLink therapy={draft.therapy} field={problem.field} />: {problem.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : (
        <Text size="sm">
          Everything signing needs is recorded. Once signed, the visit is locked; corrections are addenda.
        </Text>
      )}
      {warnings.length > 0 && (
        <WarningReasons
          therapy={draft.therapy}
          warnings={warnings}
          reasons={reasons}
          onReason={(key, reason) => setReasons((current) => new Map(current).set(key, reason))}
        />
      )}
      <Button
        onClick={() => setConfirming(true)}
        disabled={missing.length > 0 || unanswered.length > 0}
        size="md"
        style={{ alignSelf: 'flex-start' }}
      >
        Sign visit
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Sign and lock this visit?" size="lg">
        <Stack gap="md">
          <Text size="sm">Signing locks everything charted in this visit ({THERAPY_INFO[draft.therapy].title}):</Text>
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
            {warnings.length > 0 && (
              <List.Item>{counted(warnings.length, 'reason', 'reasons')} for values checked twice</List.Item>
            )}
          </List>
          <ChoiceCards
            label="What your signature means"
            value={meaning}
            options={MEANING_CHOICES}
            onChange={setMeaning}
            minWidth={260}
          />
          <Text size="sm" fw={600} data-testid="signing-as">
            Signing as {signerName || 'you'}, {roleLabel(user.role)}
          </Text>
          <ConfirmIdentity
            username={user.username}
            action="Sign and lock"
            onConfirmed={async (how) => {
              await onSign({ meaning, reauthenticatedWith: how, acknowledgedWarnings: acknowledged });
              setConfirming(false);
            }}
          />
        </Stack>
      </Modal>
    </Section>
  );
}
