import { Burger, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '@/components/RouterLinks';
import { ThriveMark } from '@/components/ThriveMark';
import { accountOfDetail, fullName, profileOf, userDetailQueryOptions } from '@/features/people';
import { useSession } from '@/lib/auth/session';
import { SyncIndicator } from '../sync/SyncIndicator';
import { TOUCH_TARGET } from '@/config/touch';

/** The phone's burger, which shows and hides the navigation bar. */
export interface MobileNavToggle {
  opened: boolean;
  onToggle: () => void;
  /** The id of the navigation bar it controls. */
  controls: string;
}

/**
 * The signed-in person's name and e-mail from their own profile; null until it arrives (or if it cannot). The
 * e-mail comes from the API rather than the ID token, which a reload does not bring back (it is never stored).
 */
function useSignedInPerson(username: string | null): { name: string | null; email: string | null } {
  const { data } = useQuery({ ...userDetailQueryOptions(username ?? ''), enabled: username !== null });
  if (!data) return { name: null, email: null };
  const name = fullName(profileOf(data).profile);
  return { name: name === '' ? null : name, email: accountOfDetail(data).email || null };
}

/** The top bar of every signed-in screen: the burger on a phone, Thrive's mark, and who is signed in. */
export function ShellHeader({ mobileNav }: { mobileNav: MobileNavToggle | null }) {
  const session = useSession();
  const person = useSignedInPerson(session.username);
  const name = person.name;
  const email = person.email ?? session.email;
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="xs" wrap="nowrap" miw={0}>
        {mobileNav && (
          <Burger
            opened={mobileNav.opened}
            onClick={mobileNav.onToggle}
            aria-label={mobileNav.opened ? 'Close navigation' : 'Open navigation'}
            aria-expanded={mobileNav.opened}
            aria-controls={mobileNav.controls}
            // 44 px: a touch target.
            styles={{ root: { width: TOUCH_TARGET, height: TOUCH_TARGET, padding: 10 } }}
          />
        )}
        <AnchorLink
          to="/"
          underline="never"
          c="inherit"
          display="flex"
          style={{ alignItems: 'center', gap: 'var(--mantine-spacing-xs)', minHeight: TOUCH_TARGET }}
        >
          <ThriveMark size={32} />
          <Text component="span" fw={700} size="lg">
            Thrive
          </Text>
        </AnchorLink>
      </Group>
      <Group gap="md" wrap="nowrap" miw={0}>
        <SyncIndicator />
        <Stack gap={0} miw={0} visibleFrom="sm" ta="right">
          {name && (
            <Text size="sm" fw={600} truncate data-testid="signed-in-name">
              {name}
            </Text>
          )}
          {email && (
            <Text size="sm" c="dimmed" truncate>
              {email}
            </Text>
          )}
        </Stack>
      </Group>
    </Group>
  );
}
