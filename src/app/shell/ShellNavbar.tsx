import { ActionIcon, AppShell, Button, Stack, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout } from '@tabler/icons-react';
import { brand } from '@/config/brand';
import { useSignOut } from '@/features/auth';
import type { NavArea } from './nav-areas';
import type { NavState } from './nav-state';
import { ShellNavLink } from './ShellNavLink';

export interface ShellNavbarProps {
  areas: readonly NavArea[];
  state: NavState;
  /** On the tablet: whether the rail is widened to show labels. */
  railExpanded: boolean;
  onToggleRail: () => void;
}

/**
 * The inside of the staff navigation bar: the areas the role may enter, and
 * sign-out at the foot (its one place for staff, reachable on a phone through
 * the burger). Tooltips share one delay group: after the first, the next opens
 * at once (the theme sets the timings).
 */
export function ShellNavbar({ areas, state, railExpanded, onToggleRail }: ShellNavbarProps) {
  const compact = state === 'collapsed' && !railExpanded;
  return (
    <Tooltip.Group>
      <AppShell.Section grow p="sm" style={{ overflowY: 'auto' }}>
        <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
          {areas.map((area) => (
            <li key={area.label}>
              <ShellNavLink area={area} compact={compact} />
            </li>
          ))}
        </Stack>
      </AppShell.Section>
      <AppShell.Section p="sm" style={{ borderTop: `1px solid ${brand.border}` }}>
        <Stack gap={4} align={compact ? 'center' : 'stretch'}>
          {state === 'collapsed' && <RailToggle expanded={railExpanded} onToggle={onToggleRail} />}
          <SignOutAction compact={compact} />
        </Stack>
      </AppShell.Section>
    </Tooltip.Group>
  );
}

/** Widens the tablet's rail to show the labels, or narrows it back to icons. */
function RailToggle({ expanded, onToggle }: { expanded: boolean; onToggle: () => void }) {
  const label = expanded ? 'Collapse navigation' : 'Expand navigation';
  const Icon = expanded ? IconLayoutSidebarLeftCollapse : IconLayoutSidebarLeftExpand;
  if (expanded) {
    return (
      <Button
        variant="subtle"
        color="gray"
        c="var(--mantine-color-text)"
        justify="flex-start"
        leftSection={<Icon size={22} stroke={1.75} aria-hidden />}
        aria-label={label}
        aria-expanded
        onClick={onToggle}
      >
        Collapse
      </Button>
    );
  }
  return (
    <Tooltip label={label} position="right" withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        c="var(--mantine-color-text)"
        aria-label={label}
        aria-expanded={false}
        onClick={onToggle}
      >
        <Icon size={22} stroke={1.75} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/** Sign-out for staff: one obvious action at the foot of the navigation bar. */
function SignOutAction({ compact }: { compact: boolean }) {
  const signOut = useSignOut();
  const icon = <IconLogout size={22} stroke={1.75} aria-hidden />;
  if (compact) {
    return (
      <Tooltip label="Sign out" position="right" withArrow>
        <ActionIcon
          variant="default"
          aria-label="Sign out"
          onClick={() => signOut.mutate()}
          loading={signOut.isPending}
          disabled={signOut.isPending}
        >
          {icon}
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button
      variant="default"
      justify="flex-start"
      leftSection={icon}
      onClick={() => signOut.mutate()}
      loading={signOut.isPending}
      disabled={signOut.isPending}
    >
      Sign out
    </Button>
  );
}
