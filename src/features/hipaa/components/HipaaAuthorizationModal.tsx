import { Divider, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { HIPAA_CONSENT_VERSION } from '../model/consent';
import { AuthorizationText, type PrivacyContact } from './AuthorizationText';
import type { ConsentRecording } from '../api/consent';
import { ConsentForm } from './ConsentForm';

export const AUTHORIZATION_TITLE = 'HIPAA authorization';

/** Nothing closes the authorization but answering it: accepting, or signing out (spec section 4). */
const stayOpen = () => undefined;

/**
 * The blocking HIPAA authorization (spec section 4): no close button, Escape
 * and the overlay do nothing. Full screen on a phone (below 768 px, spec
 * section 2); the text scrolls and the signature comes at its end.
 */
export function HipaaAuthorizationModal({
  record,
  privacy,
  dialogRef,
}: {
  /** Records the client's acceptance (through the outbox). */
  record: ConsentRecording;
  /** Where the client writes to revoke the authorization or ask for a copy. */
  privacy: readonly PrivacyContact[];
  /** Receives the dialog element once it is in the document. */
  dialogRef?: (dialog: HTMLElement | null) => void;
}) {
  const phone = useMediaQuery('(max-width: 47.99em)');
  return (
    <Modal.Root
      opened
      onClose={stayOpen}
      closeOnEscape={false}
      closeOnClickOutside={false}
      fullScreen={phone === true}
      size="lg"
    >
      {/* The backdrop has no role to find it by; the tests click it to show it does not close the dialog. */}
      <Modal.Overlay backgroundOpacity={0.6} blur={2} data-testid="hipaa-backdrop" />
      <Modal.Content ref={dialogRef}>
        <Modal.Header style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <Stack gap={4}>
            {/* Focus starts at the title, so the reader begins at the top of the text. */}
            <Modal.Title fw={700} fz="h3" data-autofocus tabIndex={-1} style={{ outline: 'none' }}>
              {AUTHORIZATION_TITLE}
            </Modal.Title>
            <Text size="sm" c="dimmed">
              Authorization to use and share your health information · Version {HIPAA_CONSENT_VERSION}
            </Text>
          </Stack>
        </Modal.Header>
        {/* The body is the dialog's description: keep it to this short summary. */}
        <Modal.Body pt="md">
          <Text>
            Before you use the Thrive portal, please read this authorization and tell us whether you agree. It explains
            which of your health information Thrive may use and share, why, with whom, for how long, and your rights.
          </Text>
        </Modal.Body>
        <Stack gap="lg" px="md" pb="md">
          <AuthorizationText privacy={privacy} />
          <Divider />
          <ConsentForm record={record} />
        </Stack>
      </Modal.Content>
    </Modal.Root>
  );
}
