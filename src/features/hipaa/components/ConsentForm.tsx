import { Alert, Button, Checkbox, Flex, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { KeyboardEvent } from 'react';
import { useOnline } from '@/pwa/connection';
import { useSignOut } from '@/features/auth';
import { useRecordConsent } from '../api/consent';
import { CONSENT_MESSAGES } from '../model/consent';

export const CONSENT_LABELS = {
  checkbox: 'I have read this authorization and I agree to it.',
  accept: 'Accept and continue',
  saving: 'Processing...',
  signOut: 'Sign out',
  offline: 'You are offline. Your authorization can be recorded once you are back online.',
} as const;

interface ConsentValues {
  accepted: boolean;
}

/**
 * The signature of the authorization: a checkbox, 'Accept and continue', and
 * a way out that is not a dismissal (signing out, e.g. on a shared phone).
 */
export function ConsentForm({ clientId }: { clientId: string }) {
  const record = useRecordConsent(clientId);
  const signOut = useSignOut();
  const online = useOnline();
  const form = useForm<ConsentValues>({
    mode: 'controlled',
    initialValues: { accepted: false },
    validate: { accepted: (accepted) => (accepted ? null : CONSENT_MESSAGES.notTicked) },
  });
  const saving = record.isPending;
  const submit = form.onSubmit(() => {
    if (!saving) record.mutate();
  });

  // The button is disabled until the box is ticked, and a disabled default button
  // blocks the browser's own Enter-to-submit: Enter on the checkbox submits here,
  // so a keyboard user who has not ticked it is told why nothing happens.
  const submitOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    submit();
  };

  const error = form.errors.accepted;
  return (
    <form noValidate onSubmit={submit} aria-label="Accept the HIPAA authorization">
      <Stack gap="md">
        {record.isError && (
          <Alert color="red" variant="light" role="alert">
            {CONSENT_MESSAGES.saveFailed}
          </Alert>
        )}
        {!online && (
          <Text size="sm" c="dimmed">
            {CONSENT_LABELS.offline}
          </Text>
        )}
        <Checkbox
          size="md"
          label={CONSENT_LABELS.checkbox}
          disabled={saving}
          {...form.getInputProps('accepted', { type: 'checkbox' })}
          onKeyDown={submitOnEnter}
          // Announced as it appears, also when Enter is pressed on the already focused box.
          error={error ? <span role="alert">{error}</span> : undefined}
          aria-invalid={error ? true : undefined}
          // The label is the touch target, 44 px tall; the box lines up with its first line.
          styles={{ body: { alignItems: 'flex-start' }, inner: { marginTop: 10 }, label: { paddingBlock: 10 } }}
        />
        <Flex direction={{ base: 'column', xs: 'row-reverse' }} justify="space-between" gap="sm">
          <Button type="submit" disabled={!form.values.accepted || saving}>
            {saving ? CONSENT_LABELS.saving : CONSENT_LABELS.accept}
          </Button>
          <Button
            variant="default"
            onClick={() => signOut.mutate()}
            loading={signOut.isPending}
            disabled={saving || signOut.isPending}
          >
            {CONSENT_LABELS.signOut}
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}
