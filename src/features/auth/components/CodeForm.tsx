import { Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import * as v from 'valibot';
import { FormActions, type FormActionsProps } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { useFocusOnMount } from '@/components/useFocusOnMount';
import { signInErrorMessage } from '@/lib/auth/errors';
import { CodeSchema } from '../schemas';

interface CodeFormProps {
  label?: string;
  submitLabel: string;
  onSubmit: (code: string) => Promise<void>;
  /** A button under the submit button (send another code, skip). */
  secondary?: FormActionsProps['secondary'];
}

/** One confirmation code (SMS, authenticator app, account, contact): required, spaces ignored. */
export function CodeForm({ label = 'Code', submitLabel, onSubmit, secondary }: CodeFormProps) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: schemaResolver(CodeSchema, { sync: true }),
    transformValues: (values) => v.parse(CodeSchema, values),
  });
  const submit = useMutation({ mutationFn: (code: string) => onSubmit(code) });
  const codeRef = useFocusOnMount<HTMLInputElement>();

  return (
    <form noValidate onSubmit={form.onSubmit(({ code }) => submit.mutate(code))}>
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
        <FormActions layout="stack" submit={{ label: submitLabel, pending: submit.isPending }} secondary={secondary} />
      </Stack>
    </form>
  );
}
