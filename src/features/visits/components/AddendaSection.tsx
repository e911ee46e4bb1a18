import { Button, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmIdentity } from '@/features/auth';
import type { SignedInUser } from '@/lib/auth/guards';
import { TintBadge } from '@/components/signed-in/TintBadge';
import { schemaResolver, useForm } from '@mantine/form';
import { toastFailure, toastSuccess } from '@/components/toasts';
import type { OutboxItem } from '@/lib/outbox';
import { addVisitAddendum } from '../api/changes';
import { AddendumFormSchema } from '../schemas';
import { Section } from './Section';
import { GrowingTextarea } from '@/components/GrowingTextarea';

/**
 * Corrections to a signed visit: appended, never changed, each signed as the
 * visit was (its author re-authenticates); those not yet on the server are
 * listed as such.
 */
export function AddendaSection({
  visitId,
  clientName,
  unsent,
  link,
  user,
}: {
  visitId: string;
  clientName: string;
  unsent: readonly OutboxItem[];
  link: string;
  user: Pick<SignedInUser, 'username'>;
}) {
  const [signing, setSigning] = useState<string | null>(null);
  const pending = unsent.filter((item) => item.request.path.endsWith('/addenda'));
  const form = useForm({
    mode: 'controlled',
    initialValues: { text: '' },
    validate: schemaResolver(AddendumFormSchema, { sync: true }),
  });
  return (
    <Section id="addenda" title="Add an addendum">
      <Text size="sm" c="dimmed">
        A signed visit is locked. Write what is corrected or added; it is appended under your name and cannot be
        changed.
      </Text>
      {pending.map((item) => (
        <Stack key={item.id} gap={2}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {(item.request.body as { text: string }).text}
          </Text>
          <TintBadge color={item.state === 'failed' ? 'red' : 'gray'} style={{ alignSelf: 'flex-start' }}>
            {item.state === 'failed' ? `Refused: ${item.reason ?? ''}` : 'Not yet on the server'}
          </TintBadge>
        </Stack>
      ))}
      <form onSubmit={form.onSubmit((values) => setSigning(values.text.trim()))}>
        <Stack gap="sm">
          <GrowingTextarea label="Addendum" minRows={3} maxLength={4000} {...form.getInputProps('text')} />
          <Button type="submit" style={{ alignSelf: 'flex-start' }}>
            Add addendum
          </Button>
        </Stack>
      </form>
      <Modal opened={signing !== null} onClose={() => setSigning(null)} title="Sign this addendum">
        <Stack gap="md">
          <Text size="sm">It is appended to the signed visit under your name and cannot be changed.</Text>
          <ConfirmIdentity
            username={user.username}
            action="Sign and add"
            onConfirmed={(how) =>
              addVisitAddendum({ visitId, text: signing ?? '', reauthenticatedWith: how, clientName, link }).then(
                () => {
                  setSigning(null);
                  form.reset();
                  toastSuccess('The addendum is added.');
                },
                () => toastFailure('The addendum could not be kept on this device. Please try again.', 'Not added'),
              )
            }
          />
        </Stack>
      </Modal>
    </Section>
  );
}
