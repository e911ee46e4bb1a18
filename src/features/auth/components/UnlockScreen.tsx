import { Alert, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { schemaResolver, useForm } from '@mantine/form';
import * as v from 'valibot';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { useFocusOnMount } from '@/components/useFocusOnMount';
import { UNLOCK_MESSAGES } from '../model/unlock';
import { UnlockSchema } from '../schemas';
import { AuthFrame } from './AuthFrame';

export interface UnlockScreenProps {
  /** Whose data is locked; null where it is not known yet (the prerendered screen fills it in on the device). */
  email: string | null;
  /** Why only a full sign-in will do now; null while the password may be tried. */
  signInNeeded: string | null;
  /** What the last try ended with, when it did not open the data. */
  failure: string | null;
  onDismissFailure: () => void;
  unlocking: boolean;
  signingOut: boolean;
  /** Tries `password`; resolves whether it opened the data (the field is emptied when not). */
  onUnlock: (password: string) => Promise<boolean>;
  onSignOut: () => void;
  /** Where the person turned passkey unlock on for this device: the other way in. */
  passkey?: PasskeyOption | null;
}

export interface PasskeyOption {
  onUnlock: () => void;
  /** The device is asking for the person's fingerprint, face or screen lock. */
  pending: boolean;
  onTurnOff: () => void;
  turningOff: boolean;
}

// Only where a passkey was turned on, which the screen learns from the device after it shows: off its first load.
const PasskeyUnlockButton = lazy(() => import('./PasskeyUnlockButton'));

/**
 * The unlock screen as the person sees it, with no knowledge of where the
 * password is checked: the live page (UnlockPage) and the screen prerendered
 * into index.html at build time (src/app/prerender) are this one component.
 */
export function UnlockScreen({
  email,
  signInNeeded,
  failure,
  onDismissFailure,
  unlocking,
  signingOut,
  onUnlock,
  onSignOut,
  passkey = null,
}: UnlockScreenProps) {
  const busy = unlocking || passkey?.pending === true;
  const passwordRef = useFocusOnMount<HTMLInputElement>();
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '' },
    validate: schemaResolver(UnlockSchema, { sync: true }),
    transformValues: (values) => v.parse(UnlockSchema, values),
  });

  return (
    <AuthFrame
      tagline={
        <Text size="lg" data-unlock-intro="">
          {UNLOCK_MESSAGES.intro}
        </Text>
      }
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h3">
            {UNLOCK_MESSAGES.title}
          </Title>
          {/* One line, always: the prerendered screen paints it blank and the device fills it in, moving nothing. */}
          <Text fw={600} truncate="end" data-unlock-email="">
            {email ?? '\u00a0'}
          </Text>
        </Stack>
        {signInNeeded !== null ? (
          <>
            <Alert color="orange" variant="light" role="alert">
              {signInNeeded}
            </Alert>
            <Button fullWidth loading={signingOut} onClick={onSignOut}>
              Sign in again
            </Button>
          </>
        ) : (
          <>
            <form
              noValidate
              aria-label="Unlock Thrive"
              onSubmit={form.onSubmit(async ({ password }) => {
                if (!(await onUnlock(password))) form.setFieldValue('password', '');
              })}
            >
              <Stack gap="md">
                <FormError message={failure} onDismiss={onDismissFailure} />
                <PasswordInput
                  label="Password"
                  required
                  ref={passwordRef}
                  autoComplete="current-password"
                  {...form.getInputProps('password')}
                />
                <FormActions
                  layout="stack"
                  submit={{ label: unlocking ? 'Unlocking…' : 'Unlock', pending: unlocking, disabled: busy }}
                />
              </Stack>
            </form>
            {/* Below the password, which the prerendered screen shows (and may be typed into) before this is known. */}
            {passkey && (
              <Suspense fallback={null}>
                <PasskeyUnlockButton option={passkey} disabled={busy || passkey.turningOff} />
              </Suspense>
            )}
            <Stack gap={4}>
              <Button variant="subtle" loading={signingOut} disabled={busy} onClick={onSignOut}>
                Sign in as someone else
              </Button>
              <Text size="sm" c="dimmed">
                {UNLOCK_MESSAGES.someoneElse}
              </Text>
              {passkey && (
                <Button
                  variant="subtle"
                  color="gray"
                  loading={passkey.turningOff}
                  disabled={busy}
                  onClick={passkey.onTurnOff}
                >
                  Turn off passkey unlock
                </Button>
              )}
            </Stack>
          </>
        )}
      </Stack>
    </AuthFrame>
  );
}
