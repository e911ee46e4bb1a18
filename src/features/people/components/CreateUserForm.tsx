import { Alert, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import { EmailInput } from '@/components/EmailInput';
import { FormActions } from '@/components/FormActions';
import { isApiError } from '@/lib/api';
import { ROLE_LABELS, type Role } from '@/lib/auth/roles';
import { toastFailure, toastSuccess } from '@/components/toasts';
import { useCreateUser } from '../api/mutations';
import { displayName } from '../model/account';
import { accountChangeErrorMessage, isOfflineFailure, needsNetworkMessage } from '../model/errors';
import { rolesCreatableBy } from '../model/roles';
import { EMPTY_CREATE_USER, createUserSchema, type CreateUserValues, type UserCreate } from '../schemas';
import { useOnline } from '@/pwa/connection';

export type CreateUserFormState = UseFormReturnType<CreateUserValues, UserCreate>;

/** The create form's state, kept by whoever opens it, so closing the dialog loses nothing typed. */
export function useCreateUserForm(creator: Role | null): CreateUserFormState {
  const schema = useMemo(() => createUserSchema(creator), [creator]);
  return useForm<CreateUserValues, UserCreate>({
    mode: 'controlled',
    initialValues: EMPTY_CREATE_USER,
    // Checked on submit; a field's error clears as it is changed. (Checking on blur would move the
    // buttons under a pointer on its way to 'Create user', as error lines appear.)
    validate: schemaResolver(schema, { sync: true }),
    // What is submitted is the schema's output: the body of POST users/users.
    transformValues: (values) => v.parse(schema, values),
  });
}

const FORM_FIELDS = new Set<string>(Object.keys(EMPTY_CREATE_USER));

export const FIRST_SIGN_IN_NOTE =
  'They receive a temporary password by e-mail and choose a new one when they first sign in.';

/**
 * The new user's e-mail, name, role, phone and clinic. `POST users/users`
 * makes the identity account and the profile together; the server's field
 * errors land on the fields, a duplicate e-mail on the e-mail.
 */
export function CreateUserForm({
  form,
  creator,
  onCreated,
  onCancel,
}: {
  form: CreateUserFormState;
  creator: Role | null;
  onCreated: () => void;
  onCancel: () => void;
}) {
  const online = useOnline();
  const create = useCreateUser();
  const [offlineAttempt, setOfflineAttempt] = useState(false);
  const roles = rolesCreatableBy(creator);

  const submit = form.onSubmit((body) => {
    if (!online) {
      setOfflineAttempt(true);
      return;
    }
    setOfflineAttempt(false);
    create.mutate(body, {
      onSuccess: () => {
        const { first_name, last_name, email, role } = body;
        toastSuccess(
          `${displayName(first_name, last_name, email)} (${email}) is now a user with the role ${ROLE_LABELS[role]}. ${FIRST_SIGN_IN_NOTE}`,
          'User created',
        );
        form.reset();
        onCreated();
      },
      onError: (error) => {
        if (isOfflineFailure(error)) {
          setOfflineAttempt(true);
          return;
        }
        const fieldErrors = isApiError(error) ? error.fieldErrors : {};
        const onFields = Object.entries(fieldErrors).filter(([field]) => FORM_FIELDS.has(field));
        if (onFields.length > 0) {
          form.setErrors(Object.fromEntries(onFields));
          return;
        }
        if (isApiError(error) && error.status === 409) {
          form.setFieldError('email', error.message);
          return;
        }
        toastFailure(accountChangeErrorMessage('Creating a user', error), 'The user was not created');
      },
    });
  });

  return (
    <form noValidate onSubmit={submit} aria-label="New user">
      {/* Room at the bottom on phones, where the offline line sits over the end of a full-screen form. */}
      <Stack gap="md" pb={{ base: 56, sm: 0 }}>
        <Text size="sm">The person gets an account with the role you choose. {FIRST_SIGN_IN_NOTE}</Text>
        <EmailInput label="Email" required data-autofocus autoComplete="off" {...form.getInputProps('email')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="First name" required autoComplete="off" {...form.getInputProps('first_name')} />
          <TextInput label="Last name" required autoComplete="off" {...form.getInputProps('last_name')} />
        </SimpleGrid>
        <Select
          label="Role"
          required
          placeholder="Choose a role"
          data={roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          description={creator === 'ADMIN' ? 'Super admin accounts are created by a super admin.' : undefined}
          {...form.getInputProps('role')}
          value={form.getValues().role === '' ? null : form.getValues().role}
          onChange={(value) => form.setFieldValue('role', (value ?? '') as CreateUserValues['role'])}
        />
        <Group align="flex-start" gap="md" wrap="nowrap">
          <TextInput label="Dial code" w={96} inputMode="tel" autoComplete="off" {...form.getInputProps('dial_code')} />
          <TextInput
            label="Phone"
            description="Optional. A number starting with + keeps its own dial code."
            type="tel"
            inputMode="tel"
            autoComplete="off"
            style={{ flex: 1 }}
            {...form.getInputProps('phone_number')}
          />
        </Group>
        <TextInput label="Clinic" description="Optional." autoComplete="off" {...form.getInputProps('clinic')} />
        {/* Beside the buttons, where the admin is looking when the send is refused. */}
        {(offlineAttempt || !online) && (
          <Alert color="orange" variant="light" role={offlineAttempt ? 'alert' : 'status'} title="You are offline">
            {offlineAttempt
              ? `${needsNetworkMessage('Creating a user')} What you typed is kept.`
              : 'Creating a user needs the network. What you type is kept until you can send it.'}
          </Alert>
        )}
        <FormActions
          submit={{ label: 'Create user', pending: create.isPending }}
          secondary={{ label: 'Cancel', onClick: onCancel }}
        />
      </Stack>
    </form>
  );
}
