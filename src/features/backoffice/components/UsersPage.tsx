import { Alert, Button, Group, NativeSelect, Pagination, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useState } from 'react';
import { PageFrame } from '@/components/PageFrame';
import { ROLE_LABELS, ROLES } from '@/lib/auth/roles';
import { loadErrorMessage } from '@/lib/api';
import { forgetUser } from '@/features/people';
import { userListQueryOptions } from '@/features/people';
import { useAccountActions } from '@/features/people';
import { CreateUserButton } from '@/features/people';
import { UserCards, UserListSkeleton, UserTable } from '@/features/people';
import { UserSearchField } from '@/features/people';
import {
  DEFAULT_ORDERING,
  ORDERING_LABELS,
  USER_ORDERINGS,
  hasFilters,
  listFiltersOf,
  pageCount,
  rangeLabel,
  searchOfText,
  type UserListSearch,
} from '@/features/people';
import { useOnline } from '@/pwa/connection';
import { BACKOFFICE_CRUMB } from '@/lib/navigation';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import type { SignedInUser } from '@/lib/auth/guards';

export interface UsersPageProps {
  /** What the URL says: search text, role, ordering, page. */
  search: UserListSearch;
  /** Puts a new search into the URL; `replace` for typing, so each pause is not a history entry. */
  onSearchChange: (next: UserListSearch, options?: { replace?: boolean }) => void;
  /** The admin at work (from the route's guard): their own account, and what their role may manage. */
  signedIn: SignedInUser;
}

const ALL_ROLES = 'all';
const ROLE_OPTIONS = [
  { value: ALL_ROLES, label: 'All roles' },
  ...ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
];
const ORDERING_OPTIONS = USER_ORDERINGS.map((ordering) => ({ value: ordering, label: ORDERING_LABELS[ordering] }));

/**
 * Search, role and sort. Changing any of them goes back to the first page. Memoised: the page renders again at
 * every key typed (the list says it is out of date), and the toolbar's own box already shows the key.
 */
const UserListToolbar = memo(function UserListToolbar({
  search,
  onSearchChange,
  onType,
}: Pick<UsersPageProps, 'search' | 'onSearchChange'> & { onType: (text: string) => void }) {
  const update = (change: Partial<UserListSearch>, replace = false) => {
    const { page: _page, ...rest } = search;
    onSearchChange({ ...rest, ...change }, { replace });
  };
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" style={{ flex: '1 1 480px' }}>
      <UserSearchField search={search.search} onSearch={(text) => update({ search: text }, true)} onType={onType} />
      <NativeSelect
        label="Role"
        data={ROLE_OPTIONS}
        value={search.role ?? ALL_ROLES}
        onChange={(event) => {
          const role = ROLES.find((value) => value === event.currentTarget.value);
          update({ role });
        }}
        w={{ base: '100%', xs: 160 }}
      />
      <NativeSelect
        label="Sort by"
        data={ORDERING_OPTIONS}
        value={search.ordering ?? DEFAULT_ORDERING}
        onChange={(event) => {
          const ordering = USER_ORDERINGS.find((value) => value === event.currentTarget.value);
          update({ ordering: ordering === DEFAULT_ORDERING ? undefined : ordering });
        }}
        w={{ base: '100%', xs: 160 }}
      />
    </Group>
  );
});

function EmptyState({ search, onSearchChange }: Pick<UsersPageProps, 'search' | 'onSearchChange'>) {
  const filtered = hasFilters(search);
  const beyondLastPage = (search.page ?? 1) > 1;
  return (
    <Paper withBorder radius="md" p="xl" ta="center">
      <Stack gap="sm" align="center">
        <Text fw={600}>
          {filtered
            ? 'No users match this search.'
            : beyondLastPage
              ? 'This page is empty.'
              : 'There are no users yet.'}
        </Text>
        {filtered && (
          <Text size="sm" c="dimmed">
            Check the spelling, search by part of a name, e-mail or phone number, or clear the filters.
          </Text>
        )}
        {filtered ? (
          <Button variant="light" onClick={() => onSearchChange({ ordering: search.ordering })}>
            Clear filters
          </Button>
        ) : (
          beyondLastPage && (
            <Button variant="light" onClick={() => onSearchChange({ ...search, page: undefined })}>
              Go to the first page
            </Button>
          )
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The page of users the URL asks for, with loading, empty, error and offline states. `searchPending`: the box
 * holds text whose results are not asked for yet; the list shown is out of date until they come.
 */
function UserListResults(props: UsersPageProps & { searchPending: boolean }) {
  const { search, onSearchChange, searchPending } = props;
  const online = useOnline();
  const asCards = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const queryClient = useQueryClient();
  // A deleted user's detail goes too (and with it the device's saved copy); no screen shows it here.
  const { ask, dialog } = useAccountActions({ onDeleted: (account) => forgetUser(queryClient, account.id) });
  // The page shown stays while the next one loads, so typing and paging do not flash a skeleton.
  const query = useQuery({ ...userListQueryOptions(listFiltersOf(search)), placeholderData: keepPreviousData });
  const { data } = query;

  // Offline, a search not seen before cannot load: the previous page would pass for its answer.
  const unavailableOffline = !data || (query.isPlaceholderData && query.fetchStatus === 'paused');
  if (!data || unavailableOffline) {
    if (query.isError) {
      return (
        <QueryErrorAlert
          title="The users could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      );
    }
    if (!online || query.fetchStatus === 'paused') {
      return (
        <Alert color="orange" variant="light" role="status" title="You are offline">
          The users for this search, filter and page have not been loaded on this device. They show when the connection
          is back.
        </Alert>
      );
    }
    return (
      <>
        <Text size="sm" c="dimmed" role="status">
          Loading users…
        </Text>
        <UserListSkeleton asCards={asCards} />
      </>
    );
  }

  const busy = searchPending || (query.isPlaceholderData && query.isFetching);
  const pages = pageCount(data.count, data.page_size);
  return (
    <Stack gap="sm">
      {query.isError && (
        <Alert color="red" variant="light" role="alert" title="The list could not be updated">
          <Group gap="sm" justify="space-between">
            <Text size="sm">{loadErrorMessage(query.error)} The users shown are from the last time it loaded.</Text>
            <Button variant="light" color="red" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      )}
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {busy
          ? 'Loading…'
          : data.results.length > 0 && rangeLabel(data.page, data.page_size, data.results.length, data.count)}
      </Text>
      {data.results.length === 0 ? (
        <EmptyState search={search} onSearchChange={onSearchChange} />
      ) : (
        <div style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 120ms' }}>
          {asCards ? (
            <UserCards users={data.results} signedIn={props.signedIn} onAction={ask} busy={busy} />
          ) : (
            <UserTable users={data.results} signedIn={props.signedIn} onAction={ask} busy={busy} />
          )}
        </div>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(data.page, pages)}
          onChange={(page) => onSearchChange({ ...search, page: page === 1 ? undefined : page })}
          siblings={asCards ? 0 : 1}
          size={asCards ? 'lg' : 'md'}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
          style={{ alignSelf: 'center' }}
        />
      )}
      {dialog}
    </Stack>
  );
}

/** /users: everyone who uses Thrive, searched, filtered, sorted and paged on the server. */
export function UsersPage(props: UsersPageProps) {
  // The box's text as last typed, and the search then: until that search changes (sent, or replaced by back,
  // forward or 'Clear filters'), a text it does not match is a search still to come.
  const current = props.search.search ?? '';
  const [typed, setTyped] = useState<{ text: string; over: string } | null>(null);
  const searchPending = typed !== null && typed.over === current && searchOfText(typed.text) !== current;
  const onType = useCallback((text: string) => setTyped({ text, over: current }), [current]);
  return (
    <PageFrame
      title="Users"
      crumbs={[BACKOFFICE_CRUMB, { label: 'Users' }]}
      purpose="Everyone who uses Thrive: create, disable or delete accounts and change roles."
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <UserListToolbar search={props.search} onSearchChange={props.onSearchChange} onType={onType} />
          <CreateUserButton creator={props.signedIn.role} />
        </Group>
        <UserListResults {...props} searchPending={searchPending} />
      </Stack>
    </PageFrame>
  );
}
