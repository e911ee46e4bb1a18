import { Group, Radio, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import * as v from 'valibot';
import { FormActions } from '@/components/FormActions';
import { useFocusOnMount } from '@/components/useFocusOnMount';
import { TOUCH_TARGET } from '@/config/touch';
import type { ContactStatus, VerifiableContact } from '@/lib/auth/steps';
import type { SignInFlow } from '../model/flow';
import { ContactChoiceSchema } from '../schemas';
import { CodeForm } from './CodeForm';
import { StepFrame } from './StepFrame';

function contactLabel(contact: VerifiableContact, status: ContactStatus): string {
  return contact === 'email' ? `Email: ${status.email ?? ''}` : `Phone: ${status.phone ?? ''}`;
}

/** After sign-in, when neither e-mail nor phone is verified: choose one to verify, or skip. */
export function ChooseContactStep({
  flow,
  contacts,
  status,
}: {
  flow: SignInFlow;
  contacts: VerifiableContact[];
  status: ContactStatus;
}) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { contact: contacts[0] ?? 'email' },
    validate: schemaResolver(ContactChoiceSchema, { sync: true }),
    transformValues: (values) => v.parse(ContactChoiceSchema, values),
  });
  const send = useMutation({ mutationFn: (contact: VerifiableContact) => flow.chooseContact(contact) });
  const skip = useMutation({ mutationFn: () => flow.skipVerification() });
  const firstRef = useFocusOnMount<HTMLButtonElement>();

  return (
    <StepFrame
      title="Verify how we reach you"
      description="Your contact details are not verified yet. Choose one and we will send you a code, or skip this for now."
    >
      <form noValidate onSubmit={form.onSubmit(({ contact }) => send.mutate(contact))}>
        <Stack gap="md">
          <Radio.Group label="Contact to verify" {...form.getInputProps('contact')}>
            <Stack gap="xs" mt="xs">
              {/* Cards a thumb can hit, the whole of each a touch target. */}
              {contacts.map((contact, index) => (
                <Radio.Card
                  key={contact}
                  value={contact}
                  radius="md"
                  p="sm"
                  mih={TOUCH_TARGET}
                  ref={index === 0 ? firstRef : undefined}
                >
                  <Group wrap="nowrap" gap="sm">
                    <Radio.Indicator size="sm" />
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {contactLabel(contact, status)}
                    </Text>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
          <FormActions
            layout="stack"
            submit={{ label: 'Send code', pending: send.isPending, disabled: skip.isPending }}
            secondary={{ label: 'Skip', onClick: () => skip.mutate(), pending: skip.isPending }}
          />
        </Stack>
      </form>
    </StepFrame>
  );
}

export function ContactCodeStep({
  flow,
  contact,
  codeSentTo,
}: {
  flow: SignInFlow;
  contact: VerifiableContact;
  codeSentTo: string | null;
}) {
  const skip = useMutation({ mutationFn: () => flow.skipVerification() });
  const what = contact === 'email' ? 'e-mail address' : 'phone number';
  return (
    <StepFrame
      title={`Verify your ${what}`}
      description={`We sent a code${codeSentTo ? ` to ${codeSentTo}` : ''}. Enter it to verify your ${what}, or skip this for now.`}
    >
      <CodeForm
        submitLabel="Verify"
        onSubmit={flow.confirmContact}
        secondary={{ label: 'Skip', onClick: () => skip.mutate(), pending: skip.isPending }}
      />
    </StepFrame>
  );
}
