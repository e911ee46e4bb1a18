import { Group, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';
import { ROLES, type Role } from '@/lib/auth/roles';
import { roleCountsQueryOptions } from '@/features/people';
import { ROLE_LABELS } from '@/lib/auth/roles';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { formatNumber } from '@/lib/intl';
import { TOUCH_TARGET } from '@/config/touch';
import { PanelCard } from '@/components/signed-in/PanelCard';

function TileBase(props: ComponentPropsWithRef<'a'>) {
  return <UnstyledButton component="a" {...props} />;
}

/** A count tile that opens the user list filtered by its role. */
const CountLink = createLink(TileBase);

function RoleCount({ role, count }: { role: Role; count: number }) {
  return (
    <CountLink
      to="/users"
      search={{ role }}
      aria-label={`${ROLE_LABELS[role]}: ${formatNumber(count)}. Show them`}
      style={{
        display: 'block',
        minHeight: TOUCH_TARGET,
        padding: 'var(--mantine-spacing-sm)',
        borderRadius: 'var(--mantine-radius-md)',
        border: '1px solid var(--mantine-color-gray-3)',
      }}
    >
      <Text fz={28} fw={700} lh={1.1} c="thrive.8">
        {formatNumber(count)}
      </Text>
      <Text size="sm">{ROLE_LABELS[role]}</Text>
    </CountLink>
  );
}

/** How many people hold each role (each opens the list of them), and how many are active or disabled. */
export function RoleCountsPanel() {
  const query = useQuery(roleCountsQueryOptions());
  return (
    <PanelCard title="People by role" gap="md" padding="lg">
      {query.data ? (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {ROLES.map((role) => (
              <RoleCount key={role} role={role} count={query.data.by_role[role]} />
            ))}
          </SimpleGrid>
          <Group gap="lg">
            <Text size="sm">
              <b>{formatNumber(query.data.total)}</b> users
            </Text>
            <Text size="sm">
              <b>{formatNumber(query.data.by_status.active)}</b> active
            </Text>
            <Text size="sm">
              <b>{formatNumber(query.data.by_status.disabled)}</b> disabled
            </Text>
            {query.data.without_role > 0 && (
              <Text size="sm">
                <b>{formatNumber(query.data.without_role)}</b> without a role
              </Text>
            )}
          </Group>
        </>
      ) : query.isError ? (
        <QueryErrorAlert
          title="The counts could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.fetchStatus === 'paused' ? (
        <Text size="sm" c="dimmed">
          You are offline. The counts show when the connection is back.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-busy>
          {ROLES.map((role) => (
            <Skeleton key={role} height={76} radius="md" />
          ))}
        </SimpleGrid>
      )}
    </PanelCard>
  );
}
