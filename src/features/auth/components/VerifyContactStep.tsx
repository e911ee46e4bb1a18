import { Button, Group, Radio, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useFocusOnMount } from '@/components/useFocusOnMount';
import type { ContactStatus, VerifiableContact } from '@/lib/auth/steps';
import type { SignInFlow } from '../model/flow';
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
  const [choice, setChoice] = useState<VerifiableContact>(contacts[0] ?? 'email');
  const send = useMutation({ mutationFn: (contact: VerifiableContact) => flow.chooseContact(contact) });
  const skip = useMutation({ mutationFn: () => flow.skipVerification() });
  const pending = send.isPending || skip.isPending;
  const firstRef = useFocusOnMount<HTMLInputElement>();

  return (
    <StepFrame
      title="Verify how we reach you"
      description="Your contact details are not verified yet. Choose one and we will send you a code, or skip this for now."
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send.mutate(choice);
        }}
      >
        <Stack gap="md">
          <Radio.Group
            label="Contact to verify"
            value={choice}
            onChange={(value) => setChoice(value === 'phone_number' ? 'phone_number' : 'email')}
          >
            <Stack gap="sm" mt="xs">
              {contacts.map((contact, index) => (
                <Radio
                  key={contact}
                  value={contact}
                  label={contactLabel(contact, status)}
                  ref={index === 0 ? firstRef : undefined}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Group grow>
            <Button variant="light" disabled={pending} loading={skip.isPending} onClick={() => skip.mutate()}>
              Skip
            </Button>
            <Button type="submit" disabled={pending} loading={send.isPending}>
              Send code
            </Button>
          </Group>
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
      <CodeForm submitLabel="Verify" onSubmit={flow.confirmContact}>
        <Button
          variant="light"
          fullWidth
          disabled={skip.isPending}
          loading={skip.isPending}
          onClick={() => skip.mutate()}
        >
          Skip
        </Button>
      </CodeForm>
    </StepFrame>
  );
}
