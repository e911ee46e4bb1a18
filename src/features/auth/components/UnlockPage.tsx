import { Alert, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import * as v from 'valibot';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { useFocusOnMount } from '@/components/useFocusOnMount';
import { useSession } from '@/lib/auth/session';
import { outbox } from '@/lib/outbox';
import { keyring, type UnlockResult } from '@/lib/storage/keyring';
import { localDataSettled } from '@/pwa/local-data';
import { UNLOCK_MESSAGES, unlockFailureMessage } from '../model/unlock';
import { UnlockSchema } from '../schemas';
import { useSignOut } from '../useSignOut';
import { AuthFrame } from './AuthFrame';

/**
 * /unlock: after a reload the person signed in here gives their password
 * again before anything kept on the device is shown. Checked on the device
 * (it unwraps their data key), so it works offline; too many wrong tries, and
 * only a full sign-in will do.
 */
export function UnlockPage() {
  const session = useSession();
  const router = useRouter();
  const signOut = useSignOut();
  const username = session.username ?? '';
  const passwordRef = useFocusOnMount<HTMLInputElement>();
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '' },
    validate: schemaResolver(UnlockSchema, { sync: true }),
    transformValues: (values) => v.parse(UnlockSchema, values),
  });
  // Whether the tries are used up (or nothing is here to unlock), read from the device.
  const usable = useQuery({
    queryKey: ['unlock', 'usable', username],
    queryFn: () => keyring.canUnlock(username),
    networkMode: 'always',
    gcTime: 0,
  });
  const unlock = useMutation({
    mutationFn: async ({ password }: { password: string }): Promise<UnlockResult> => {
      const result = await keyring.unlock(username, password);
      if (result.ok) {
        // The person's saved data and unsent changes are back before the screen that shows them loads.
        await Promise.all([localDataSettled(), outbox().ready()]);
        await router.invalidate();
      }
      return result;
    },
    // Checked on the device alone: it must work at a bay without Wi-Fi.
    networkMode: 'always',
    onSuccess: (result) => {
      if (!result.ok) form.setFieldValue('password', '');
    },
  });
  const failure = unlock.data && !unlock.data.ok ? unlock.data : null;
  const signInNeeded = usable.data === false || failure?.reason === 'sign-in-needed';

  return (
    <AuthFrame tagline={<Text size="lg">{UNLOCK_MESSAGES.intro(session.email)}</Text>}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {UNLOCK_MESSAGES.title}
        </Title>
        {signInNeeded ? (
          <>
            <Alert color="orange" variant="light" role="alert">
              {failure?.reason === 'sign-in-needed' ? UNLOCK_MESSAGES.signInNeeded : UNLOCK_MESSAGES.signInAgain}
            </Alert>
            <Button fullWidth loading={signOut.isPending} onClick={() => signOut.mutate()}>
              Sign in again
            </Button>
          </>
        ) : (
          <form noValidate aria-label="Unlock Thrive" onSubmit={form.onSubmit((values) => unlock.mutate(values))}>
            <Stack gap="md">
              <FormError message={failure ? unlockFailureMessage(failure) : null} onDismiss={unlock.reset} />
              <PasswordInput
                label="Password"
                required
                ref={passwordRef}
                autoComplete="current-password"
                {...form.getInputProps('password')}
              />
              <FormActions
                layout="stack"
                submit={{ label: unlock.isPending ? 'Unlocking…' : 'Unlock', pending: unlock.isPending }}
              />
            </Stack>
          </form>
        )}
        {!signInNeeded && (
          <Stack gap={4}>
            <Button
              variant="subtle"
              loading={signOut.isPending}
              disabled={unlock.isPending}
              onClick={() => signOut.mutate()}
            >
              Sign in as someone else
            </Button>
            <Text size="sm" c="dimmed">
              {UNLOCK_MESSAGES.someoneElse}
            </Text>
          </Stack>
        )}
      </Stack>
    </AuthFrame>
  );
}
