import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useFocusOnMount } from '@/components/useFocusOnMount';
import { signInErrorMessage } from '@/lib/auth/errors';
import { FormError } from './FormError';

export const CODE_REQUIRED = 'Please enter the code';

interface CodeFormProps {
  label?: string;
  submitLabel: string;
  onSubmit: (code: string) => Promise<void>;
  /** More buttons under the submit button (resend, skip). */
  children?: ReactNode;
}

/** One confirmation code (SMS, authenticator app, account, contact): required, spaces ignored. */
export function CodeForm({ label = 'Code', submitLabel, onSubmit, children }: CodeFormProps) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: { code: (value) => (value.trim() === '' ? CODE_REQUIRED : null) },
  });
  const submit = useMutation({ mutationFn: (code: string) => onSubmit(code) });
  const codeRef = useFocusOnMount<HTMLInputElement>();

  return (
    <form noValidate onSubmit={form.onSubmit(({ code }) => submit.mutate(code.replace(/\s+/g, '')))}>
      <Stack gap="md">
        <FormError message={submit.error ? signInErrorMessage(submit.error) : null} onDismiss={submit.reset} />
        <TextInput
          label={label}
          required
          ref={codeRef}
          autoComplete="one-time-code"
          inputMode="numeric"
          {...form.getInputProps('code')}
        />
        <Button type="submit" fullWidth loading={submit.isPending} disabled={submit.isPending}>
          {submitLabel}
        </Button>
        {children}
      </Stack>
    </form>
  );
}
