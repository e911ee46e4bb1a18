import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '@/components/RouterLinks';
import { useClinicContacts } from '@/features/clinics';
import { userDetailQueryOptions } from '@/features/people';

/** Dark words on the light tint: the links and text keep 4.5:1 (Mantine's tinted text would not). */
const TEXT = 'var(--mantine-color-text)';

/** A number to call, as a link a phone dials. */
function Call({ number }: { number: string }) {
  return (
    <Anchor href={`tel:${number}`} c={TEXT} underline="always" fw={700}>
      {number}
    </Anchor>
  );
}

/**
 * How to reach the clinic, shown with a very low Thrive check: people, not a
 * diagnosis. Urgent help comes first, with the local emergency number; then
 * the client's own clinic by phone and e-mail (each clinic's while the
 * client's is not known), a message, the next visit.
 */
export function ReachTheClinic({ clientId }: { clientId: string }) {
  const home = useQuery(userDetailQueryOptions(clientId)).data?.Profile?.clinic;
  const clinics = useClinicContacts(home);
  const emergency = [
    ...new Set(clinics.flatMap((clinic) => (clinic.emergency_number ? [clinic.emergency_number] : []))),
  ];
  return (
    <Alert
      variant="light"
      color="thrive"
      radius="lg"
      title="Talk to us"
      icon={<IconHeartHandshake size={22} aria-hidden />}
      // A region named by its title (Mantine labels it with the title), not an alert: nothing went wrong.
      role="region"
      styles={{ message: { color: TEXT } }}
    >
      <Text size="sm" mb="xs" fw={600} data-testid="crisis-line">
        If you feel you might harm yourself, or you are in danger now, call{' '}
        {emergency.length === 0 ? (
          'your local emergency number'
        ) : (
          <>
            {emergency.length === 1 ? 'the emergency number' : 'your local emergency number'}{' '}
            {emergency.map((number, index) => (
              <span key={number}>
                {index > 0 && ' or '}
                <Call number={number} />
              </span>
            ))}
          </>
        )}{' '}
        now.
      </Text>
      <Text size="sm" mb="xs">
        Your care team is here for you. Reach them the way that suits you:
      </Text>
      <List size="sm" spacing={4}>
        {clinics.map((clinic) => (
          <List.Item key={clinic.id}>
            Call {clinic.name}
            {clinic.phone ? (
              <>
                {' '}
                on <Call number={clinic.phone} />
              </>
            ) : null}
            {clinic.email ? (
              <>
                , or write to{' '}
                <Anchor href={`mailto:${clinic.email}`} c={TEXT} underline="always">
                  {clinic.email}
                </Anchor>
              </>
            ) : null}
          </List.Item>
        ))}
        <List.Item>
          Send a message from{' '}
          <AnchorLink to="/user/support/$clientId" params={{ clientId }} c={TEXT} underline="always">
            Support
          </AnchorLink>
        </List.Item>
        <List.Item>Tell the team at your next visit</List.Item>
      </List>
    </Alert>
  );
}
