import { Button, Group, Stack, Text } from '@mantine/core';
import { clinicContact, type ClinicContact } from '@/config/clinic-contact';

export const FORGOT_PASSWORD_TITLE = 'Forgot your password?';
export const FORGOT_PASSWORD_TEXT = 'Contact the clinic: they check it is you and help you sign in again.';

/**
 * What a person who has forgotten their password does (spec section 1: no
 * self-service reset): contact the clinic, by phone or e-mail. The contacts
 * are buttons, a whole touch target each, already on the sign-in page.
 */
export function ForgotPasswordHelp({ contact = clinicContact() }: { contact?: ClinicContact }) {
  return (
    <Stack gap={4}>
      <Text size="sm">
        <b>{FORGOT_PASSWORD_TITLE}</b> {FORGOT_PASSWORD_TEXT}
      </Text>
      <Group gap="xs">
        {contact.phoneDialled && (
          <Button component="a" href={`tel:${contact.phoneDialled}`} variant="default">
            Call {contact.phone}
          </Button>
        )}
        {contact.email && (
          <Button component="a" href={`mailto:${contact.email}`} variant="default" maw="100%">
            E-mail {contact.email}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
