import { Alert, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import * as v from 'valibot';
import { EmailInput } from '@/components/EmailInput';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { useFocusOnMount } from '@/components/useFocusOnMount';
import { signInErrorMessage } from '@/lib/auth/errors';
import type { Notice, SignInFlow } from '../model/flow';
import { SignInSchema } from '../schemas';
import { ForgotPasswordHelp } from './ForgotPasswordHelp';

type Credentials = v.InferOutput<typeof SignInSchema>;

/** E-mail and password. No sign-up and no self-service reset: the page says whom to contact instead. */
export function SignInForm({ flow, notice }: { flow: SignInFlow; notice: Notice | null }) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(SignInSchema, { sync: true }),
    // The e-mail is normalised again before submit; the password goes exactly as typed.
    transformValues: (values) => v.parse(SignInSchema, values),
  });
  const emailRef = useFocusOnMount<HTMLInputElement>();
  const submit = useMutation({
    mutationFn: ({ email, password }: Credentials) => flow.submitCredentials(email, password),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((credentials) => submit.mutate(credentials))} aria-label="Sign in">
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
        <EmailInput label="Email" required ref={emailRef} autoComplete="username" {...form.getInputProps('email')} />
        <PasswordInput label="Password" required autoComplete="current-password" {...form.getInputProps('password')} />
        <FormActions layout="stack" submit={{ label: 'Sign in', pending: submit.isPending }} />
        <ForgotPasswordHelp />
      </Stack>
    </form>
  );
}
