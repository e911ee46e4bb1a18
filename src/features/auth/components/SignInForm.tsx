import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useFocusOnMount } from '@/components/useFocusOnMount';
import { normaliseEmail } from '@/lib/auth/email';
import { signInErrorMessage } from '@/lib/auth/errors';
import type { Notice, SignInFlow } from '../model/flow';
import { FormError } from './FormError';

export const SIGN_IN_FIELD_ERRORS = {
  email: 'Email is required',
  password: 'Password is required',
} as const;

interface Credentials {
  email: string;
  password: string;
}

/** E-mail and password. No sign-up and no forgotten-password link: users contact the clinic. */
export function SignInForm({ flow, notice }: { flow: SignInFlow; notice: Notice | null }) {
  const form = useForm<Credentials>({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (value === '' ? SIGN_IN_FIELD_ERRORS.email : null),
      password: (value) => (value === '' ? SIGN_IN_FIELD_ERRORS.password : null),
    },
  });
  const emailRef = useFocusOnMount<HTMLInputElement>();
  const submit = useMutation({
    // The e-mail is normalised again before submit; the password goes exactly as typed.
    mutationFn: ({ email, password }: Credentials) => flow.submitCredentials(normaliseEmail(email), password),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => submit.mutate(values))} aria-label="Sign in">
      <Stack gap="md">
        {notice && (
          <Alert
            color={notice.tone === 'warning' ? 'orange' : 'thrive'}
            variant="light"
            role="status"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={flow.dismissNotice}
          >
            {notice.text}
          </Alert>
        )}
        <FormError message={submit.error ? signInErrorMessage(submit.error) : null} onDismiss={submit.reset} />
        <TextInput
          label="Email"
          type="email"
          required
          ref={emailRef}
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          {...form.getInputProps('email')}
          onChange={(event) => form.setFieldValue('email', normaliseEmail(event.currentTarget.value))}
        />
        <PasswordInput label="Password" required autoComplete="current-password" {...form.getInputProps('password')} />
        <Button type="submit" fullWidth loading={submit.isPending} disabled={submit.isPending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
