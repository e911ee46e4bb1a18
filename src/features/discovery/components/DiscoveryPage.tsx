import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type KeyboardEvent } from 'react';
import { PageFrame } from '@/components/PageFrame';
import { NotShown } from '@/components/signed-in/NotShown';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { useFocusOnMount } from '@/components/useFocusOnMount';
import { HUB_CRUMB } from '@/lib/navigation';
import { clockOf, formatWhen } from '@/lib/intl';
import { NoConsentBadge } from '@/features/hipaa';
import { useOnline } from '@/pwa/connection';
import { SEARCH_LIMIT, clientSearchQueryOptions, recentClientsQueryOptions } from '../api/queries';
import { useSavedClients } from '../api/recent';
import { useSearchSender } from '@/lib/query/search-pause';
import { searchSaved, type FoundClient } from '../model/clients';
import { TOUCH_TARGET } from '@/config/touch';

const SEARCH_MAX_LENGTH = 100;
/** The columns of a result row (and of the header above the rows). */
const ROW_COLUMNS = 'minmax(0, 2fr) minmax(0, 1.2fr) minmax(0, 1.8fr) minmax(max-content, 1.2fr)';

function nameOf(client: Pick<FoundClient, 'first_name' | 'last_name' | 'email'>): string {
  return [client.first_name, client.last_name].filter(Boolean).join(' ') || client.email;
}

function nextText(client: FoundClient): string {
  if (client.next_appointment === undefined) return 'Next appointment not known offline';
  if (client.next_appointment === null) return 'No appointment booked';
  const next = client.next_appointment;
  return `Next: ${formatWhen(next.starts_at, clockOf(next.time_zone))} · ${next.service_name}`;
}

function ConsentWarning({ client }: { client: FoundClient }) {
  return client.hipaa_consent === false ? <NoConsentBadge /> : null;
}

/** One result: a card on a phone, a row of columns from a tablet up. */
function ClientOption({
  client,
  id,
  active,
  wide,
  onOpen,
}: {
  client: FoundClient;
  id: string;
  active: boolean;
  wide: boolean;
  onOpen: () => void;
}) {
  const age = client.age == null ? null : `${client.age} years`;
  const phone = client.phone_number === undefined ? <NotShown /> : (client.phone_number ?? 'No phone');
  return (
    // The options are chosen with the arrow keys and Enter in the search box (aria-activedescendant), or a tap.

    <Paper
      component="li"
      role="option"
      id={id}
      aria-selected={active}
      withBorder={!wide}
      radius={wide ? 0 : 'md'}
      p="sm"
      onClick={onOpen}
      style={{
        cursor: 'pointer',
        minHeight: TOUCH_TARGET,
        borderBottom: wide ? '1px solid var(--mantine-color-gray-3)' : undefined,
        background: active ? 'var(--mantine-color-thrive-0)' : undefined,
        outline: active ? '2px solid var(--mantine-color-thrive-6)' : undefined,
        outlineOffset: -2,
      }}
    >
      {wide ? (
        <SimpleGrid cols={4} spacing="sm" style={{ alignItems: 'center', gridTemplateColumns: ROW_COLUMNS }}>
          <Stack gap={0} miw={0}>
            <Text fw={700} truncate>
              {nameOf(client)}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {[age, client.email].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          <Text size="sm">{phone}</Text>
          <Text size="sm">{nextText(client)}</Text>
          <Group justify="flex-end">
            <ConsentWarning client={client} />
          </Group>
        </SimpleGrid>
      ) : (
        <Stack gap={4}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {nameOf(client)}
            </Text>
            {age && (
              <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                {age}
              </Text>
            )}
          </Group>
          <Text size="sm">{phone}</Text>
          <Text size="sm">{nextText(client)}</Text>
          <ConsentWarning client={client} />
        </Stack>
      )}
    </Paper>
  );
}

/** The results as a listbox the search box drives. */
function ResultList({
  clients,
  label,
  listId,
  activeIndex,
  onOpen,
  busy = false,
}: {
  clients: readonly FoundClient[];
  label: string;
  listId: string;
  activeIndex: number;
  onOpen: (client: FoundClient) => void;
  /** The list is of an earlier text while the one typed is on its way. */
  busy?: boolean;
}) {
  // Mantine's sm breakpoint (48em, 768 px): rows on a tablet and up, cards on a phone.
  const wide = useMediaQuery('(min-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <Stack gap={wide ? 0 : 'sm'}>
      {wide && (
        <SimpleGrid
          cols={4}
          spacing="sm"
          px="sm"
          pb={4}
          aria-hidden
          style={{ gridTemplateColumns: ROW_COLUMNS, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Text size="xs" fw={700} c="dimmed">
            Name, age
          </Text>
          <Text size="xs" fw={700} c="dimmed">
            Phone
          </Text>
          <Text size="xs" fw={700} c="dimmed">
            Next appointment
          </Text>
          <Text size="xs" fw={700} c="dimmed" ta="right">
            Consent
          </Text>
        </SimpleGrid>
      )}
      <Stack
        component="ul"
        role="listbox"
        id={listId}
        aria-label={label}
        aria-busy={busy}
        gap={wide ? 0 : 'sm'}
        m={0}
        p={0}
      >
        {clients.map((client, index) => (
          <ClientOption
            key={client.id}
            id={`${listId}-${client.id}`}
            client={client}
            active={index === activeIndex}
            wide={wide}
            onOpen={() => onOpen(client)}
          />
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * /discovery: find a client in a few keystrokes. One search box, focused on
 * arrival; the server searches as the person types (the text is kept in
 * memory, never in the address), by name, e-mail or any part of a phone
 * number; the arrow keys move through the
 * results and Enter opens one. Before anything is typed, the clients this
 * person opened lately on this device. Offline, the clients saved on the
 * device are searched, and the page says so.
 */
export function DiscoveryPage({ q, onQueryChange }: { q: string; onQueryChange: (q: string) => void }) {
  const navigate = useNavigate();
  const online = useOnline();
  const savedClients = useSavedClients();
  const inputRef = useFocusOnMount<HTMLInputElement>();
  const listId = useId();
  const [text, setText] = useState(q);
  // The text last searched, as the route keeps it: when it changes from outside, it replaces what is typed.
  const [seen, setSeen] = useState(q);
  if (q !== seen) {
    setSeen(q);
    if (q.trim() !== text.trim()) setText(q);
  }
  const sendAsTyped = useSearchSender((value: string) => onQueryChange(value.trim()));

  const searching = q !== '';
  const found = useQuery({
    ...clientSearchQueryOptions(q),
    enabled: searching && online,
    placeholderData: keepPreviousData,
  });
  const recent = useQuery({ ...recentClientsQueryOptions(), enabled: !searching });
  const offlineResults = searching && !online ? searchSaved(savedClients(), q, SEARCH_LIMIT) : null;

  const shown: readonly FoundClient[] = !searching
    ? (recent.data ?? [])
    : (offlineResults ?? found.data?.results ?? []);

  // The first result is active, until the arrows move; a new list starts again from its first.
  const listKey = shown.map((client) => client.id).join(' ');
  const [active, setActive] = useState({ list: listKey, index: 0 });
  const activeIndex = active.list === listKey ? Math.min(active.index, shown.length - 1) : 0;
  if (active.list !== listKey && active.index !== 0) setActive({ list: listKey, index: 0 });

  const open = (client: FoundClient) =>
    void navigate({ to: '/client/discovery/$clientId', params: { clientId: client.id } });

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (shown.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive({ list: listKey, index: (activeIndex + step + shown.length) % shown.length });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      sendAsTyped.cancel();
      const chosen = shown[activeIndex];
      if (chosen) open(chosen);
    }
  }

  const label = searching ? 'Clients found' : 'Recent clients on this device';
  const activeId = shown[activeIndex] ? `${listId}-${shown[activeIndex].id}` : undefined;

  return (
    <PageFrame
      title="Discovery"
      crumbs={[HUB_CRUMB, { label: 'Discovery' }]}
      purpose="Find a client by name, e-mail or phone; a result opens the client's discovery page."
    >
      <Stack gap="md">
        <TextInput
          ref={inputRef}
          label="Find a client"
          description="Type part of a name, an e-mail or a phone number (any punctuation). Arrow keys move, Enter opens."
          placeholder="Name, e-mail or phone"
          type="search"
          size="md"
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_MAX_LENGTH}
          leftSection={<IconSearch size={18} aria-hidden />}
          role="combobox"
          aria-expanded={shown.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            sendAsTyped(event.currentTarget.value);
          }}
          onKeyDown={onKeyDown}
        />

        {!online && searching && (
          <Text size="sm" role="status" fw={700}>
            Offline: searching the clients saved on this device only ({offlineResults?.length ?? 0} found). The server’s
            search returns with the connection.
          </Text>
        )}

        <section aria-labelledby="discovery-results-heading">
          <Group justify="space-between" mb="xs" gap="xs">
            <Title order={2} size="h4" id="discovery-results-heading">
              {label}
            </Title>
            {searching && online && found.data && (
              <Text size="sm" c="dimmed" role="status">
                {found.data.results.length === 0
                  ? ''
                  : found.data.truncated
                    ? `The first ${found.data.results.length}; type more to narrow.`
                    : `${found.data.results.length} found.`}
              </Text>
            )}
          </Group>
          {!searching ? (
            shown.length === 0 ? (
              <Text size="sm" c="dimmed">
                The clients you open appear here, on this device only, until you sign out.
              </Text>
            ) : (
              <ResultList clients={shown} label={label} listId={listId} activeIndex={activeIndex} onOpen={open} />
            )
          ) : offlineResults ? (
            offlineResults.length === 0 ? (
              <Text size="sm" c="dimmed">
                No client saved on this device matches “{q}”.
              </Text>
            ) : (
              <ResultList clients={shown} label={label} listId={listId} activeIndex={activeIndex} onOpen={open} />
            )
          ) : found.isError && !found.data ? (
            <QueryErrorAlert
              title="The search could not be made"
              error={found.error}
              onRetry={() => void found.refetch()}
              retrying={found.isFetching}
            />
          ) : !found.data ? (
            <Stack gap="xs" aria-busy>
              <Skeleton height={52} radius="md" />
              <Skeleton height={52} radius="md" />
              <Skeleton height={52} radius="md" />
            </Stack>
          ) : found.data.results.length === 0 ? (
            <Text size="sm" c="dimmed">
              No client matches “{q}”.
            </Text>
          ) : (
            <ResultList
              clients={shown}
              label={label}
              listId={listId}
              activeIndex={activeIndex}
              onOpen={open}
              busy={text.trim() !== q || found.isPlaceholderData}
            />
          )}
        </section>
      </Stack>
    </PageFrame>
  );
}
