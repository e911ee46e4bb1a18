import { Badge, Card, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { TouchLink } from '@/components/RouterLinks';
import { useProgressiveList } from '@/components/progressive-render';
import type { UserSummary } from '../api/mutations';
import type { SignedInUser } from '@/lib/auth/guards';
import { accountOfSummary, type Account } from '../model/account';
import { roleLabel } from '@/lib/auth/roles';
import type { AccountAction } from './AccountActionDialog';
import { UserRowMenuButton, UserRowMenus } from './UserRowMenu';
import { UserStatusBadge } from './UserStatusBadge';

interface RowsProps {
  users: readonly UserSummary[];
  signedIn: Pick<SignedInUser, 'username' | 'role'>;
  onAction: (action: AccountAction, account: Account) => void;
}

/**
 * The user's name as a link to their page: the row's way in, reachable by keyboard, and stretched over the whole
 * row (`ROW_LINK`), so a tap anywhere on the row opens the user.
 */
function UserLink({ account }: { account: Account }) {
  return (
    <TouchLink
      to="/users/$username"
      params={{ username: account.id }}
      fw={600}
      data-row-link
      style={{ overflowWrap: 'anywhere' }}
    >
      {account.name}
    </TouchLink>
  );
}

/** app.css: the row's link covers the row. */
const ROW_LINK = 'thrive-row-link';

function RoleBadge({ role }: { role: Account['role'] }) {
  return (
    <Badge variant="light" color={role ? 'thrive' : 'gray'} radius="sm">
      {roleLabel(role)}
    </Badge>
  );
}

/**
 * A row shows the same user with the same facts: no need to render it again. The page renders again at each key
 * typed in its search box, and each search's answer brings its own copies of the users the last one showed.
 */
function sameUser(before: { user: UserSummary }, after: { user: UserSummary }): boolean {
  if (before.user === after.user) return true;
  const keys = Object.keys(before.user) as (keyof UserSummary)[];
  return keys.length === Object.keys(after.user).length && keys.every((key) => before.user[key] === after.user[key]);
}

/** One row of the table: name, e-mail, role, status and the row's menu (inside `UserRowMenus`). */
const UserTableRow = memo(function UserTableRow({ user }: { user: UserSummary }) {
  const account = accountOfSummary(user);
  return (
    <Table.Tr className={ROW_LINK}>
      <Table.Td>
        <UserLink account={account} />
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{user.email}</Table.Td>
      <Table.Td>
        <RoleBadge role={user.role} />
      </Table.Td>
      <Table.Td>
        <UserStatusBadge enabled={account.enabled} />
      </Table.Td>
      <Table.Td ta="right" w={60}>
        <UserRowMenuButton account={account} />
      </Table.Td>
    </Table.Tr>
  );
}, sameUser);

/**
 * No highlight of the row under the pointer: on a slow device the highlight moving from row to row under a
 * resting pointer repainted the whole page at every step of a scroll (20-30 ms a frame at 4x CPU slowdown,
 * measured). The rows are a whole touch target high (their link is): no extra spacing around them.
 */
function TableFrame({ children, busy }: { children: ReactNode; busy: boolean }) {
  return (
    <Table.ScrollContainer type="native" minWidth={640}>
      <Table verticalSpacing={4} aria-busy={busy} aria-label="Users">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The rows a screen shows before the rest of the page's rows (a tablet's screen holds about ten). */
const FIRST_ROWS = 12;

/** The list as a table, for tablets and desktops. */
export function UserTable({ users, signedIn, onAction, busy = false }: RowsProps & { busy?: boolean }) {
  const shown = useProgressiveList(users, FIRST_ROWS);
  return (
    <UserRowMenus signedIn={signedIn} onAction={onAction}>
      <TableFrame busy={busy}>
        {shown.map((user) => (
          <UserTableRow key={user.id} user={user} />
        ))}
      </TableFrame>
    </UserRowMenus>
  );
}

/** One user as a card, for phones: the same facts stacked, the menu at the side (inside `UserRowMenus`). */
const UserCard = memo(function UserCard({ user }: { user: UserSummary }) {
  const account = accountOfSummary(user);
  return (
    <Card component="li" withBorder radius="md" padding="sm" className={ROW_LINK}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={4} miw={0}>
          <UserLink account={account} />
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
          <Group gap="xs">
            <RoleBadge role={user.role} />
            <UserStatusBadge enabled={account.enabled} />
          </Group>
        </Stack>
        <UserRowMenuButton account={account} />
      </Group>
    </Card>
  );
}, sameUser);

export function UserCards({ users, signedIn, onAction, busy = false }: RowsProps & { busy?: boolean }) {
  const shown = useProgressiveList(users, FIRST_ROWS);
  return (
    <UserRowMenus signedIn={signedIn} onAction={onAction}>
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Users" aria-busy={busy}>
        {shown.map((user) => (
          <UserCard key={user.id} user={user} />
        ))}
      </Stack>
    </UserRowMenus>
  );
}

const SKELETON_ROWS = 8;

/** Stand-ins of the rows while the first page loads. */
export function UserListSkeleton({ asCards }: { asCards: boolean }) {
  const rows = Array.from({ length: SKELETON_ROWS }, (_, index) => index);
  if (asCards) {
    return (
      <Stack gap="xs" aria-hidden>
        {rows.map((row) => (
          <Skeleton key={row} height={92} radius="md" />
        ))}
      </Stack>
    );
  }
  return (
    <TableFrame busy>
      {rows.map((row) => (
        <Table.Tr key={row} aria-hidden>
          {[40, 55, 20, 18, 8].map((width, cell) => (
            <Table.Td key={cell}>
              <Skeleton height={14} width={`${width}%`} miw={24} radius="sm" my={8} />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </TableFrame>
  );
}
