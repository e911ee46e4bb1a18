import { Checkbox, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { KeyboardEvent } from 'react';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { TOUCH_TARGET } from '@/config/touch';
import { useOnline } from '@/pwa/connection';
import { useSignOut } from '@/features/auth';
import type { ConsentRecording } from '../api/consent';
import { CONSENT_MESSAGES } from '../model/consent';
import { ConsentSchema } from '../schemas';

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
export function ConsentForm({ record }: { record: ConsentRecording }) {
  const signOut = useSignOut();
  const online = useOnline();
  const form = useForm<ConsentValues>({
    mode: 'controlled',
    initialValues: { accepted: false },
    validate: schemaResolver(ConsentSchema, { sync: true }),
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
        <FormError message={record.isError ? CONSENT_MESSAGES.saveFailed : null} />
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
          // The box itself is a whole touch target, as every other thing a finger taps; its words sit beside it,
          // their first line level with its middle.
          vars={() => ({ root: { '--checkbox-size': TOUCH_TARGET } })}
          styles={{ body: { alignItems: 'flex-start' }, label: { paddingBlock: 10 } }}
        />
        <FormActions
          layout="apart"
          // No loader over the label: it reads 'Processing...' while saving (spec section 4).
          submit={{
            label: saving ? CONSENT_LABELS.saving : CONSENT_LABELS.accept,
            disabled: !form.values.accepted || saving,
          }}
          secondary={{
            label: CONSENT_LABELS.signOut,
            onClick: () => signOut.mutate(),
            pending: signOut.isPending,
            disabled: saving,
          }}
        />
      </Stack>
    </form>
  );
}
