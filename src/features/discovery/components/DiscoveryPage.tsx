import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { PageFrame } from '@/components/PageFrame';
import { NotShown } from '@/components/signed-in/NotShown';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { useFocusOnMount } from '@/components/useFocusOnMount';
import { HUB_CRUMB } from '@/lib/navigation';
import { clockOf, formatWhen } from '@/lib/intl';
import { NoConsentBadge } from '@/features/hipaa';
import { type FoundClient } from '../model/clients';
import { optionId, useActiveOption } from './useActiveOption';
import { useClientSearch } from './useClientSearch';
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
            id={optionId(listId, client.id)}
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
  const inputRef = useFocusOnMount<HTMLInputElement>();
  const listId = useId();
  const search = useClientSearch(q, onQueryChange);
  const open = (client: FoundClient) => {
    search.cancelSending();
    void navigate({ to: '/client/discovery/$clientId', params: { clientId: client.id } });
  };
  const { activeIndex, activeId, onKeyDown } = useActiveOption(search.shown, listId, open);
  const list = { label: search.searching ? 'Clients found' : 'Recent clients on this device', listId, activeIndex };

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
          aria-expanded={search.shown.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          value={search.text}
          onChange={(event) => search.type(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />

        {!search.online && search.searching && (
          <Text size="sm" role="status" fw={700}>
            Offline: searching the clients saved on this device only ({search.offlineResults?.length ?? 0} found). The
            server’s search returns with the connection.
          </Text>
        )}

        <section aria-labelledby="discovery-results-heading">
          <Group justify="space-between" mb="xs" gap="xs">
            <Title order={2} size="h4" id="discovery-results-heading">
              {list.label}
            </Title>
            {search.searching && search.online && search.found.data && (
              <Text size="sm" c="dimmed" role="status">
                {foundLine(search.found.data)}
              </Text>
            )}
          </Group>
          <SearchResults search={search} q={q} list={list} onOpen={open} />
        </section>
      </Stack>
    </PageFrame>
  );
}

/** How many the server found, when it found any. */
function foundLine({ results, truncated }: { results: readonly unknown[]; truncated: boolean }): string {
  if (results.length === 0) return '';
  return truncated ? `The first ${results.length}; type more to narrow.` : `${results.length} found.`;
}

/** The list under the search box, or what stands in its place: nothing yet, nothing found, loading, an error. */
function SearchResults({
  search,
  q,
  list,
  onOpen,
}: {
  search: ReturnType<typeof useClientSearch>;
  q: string;
  list: { label: string; listId: string; activeIndex: number };
  onOpen: (client: FoundClient) => void;
}) {
  const { shown, found, offlineResults } = search;
  const results = (busy = false) => <ResultList clients={shown} {...list} onOpen={onOpen} busy={busy} />;
  if (!search.searching) {
    return shown.length === 0 ? (
      <Text size="sm" c="dimmed">
        The clients you open appear here, on this device only, until you sign out.
      </Text>
    ) : (
      results()
    );
  }
  if (offlineResults) {
    return offlineResults.length === 0 ? (
      <Text size="sm" c="dimmed">
        No client saved on this device matches “{q}”.
      </Text>
    ) : (
      results()
    );
  }
  if (found.isError && !found.data) {
    return <QueryErrorAlert title="The search could not be made" query={found} />;
  }
  if (!found.data) {
    return (
      <Stack gap="xs" aria-busy>
        <Skeleton height={52} radius="md" />
        <Skeleton height={52} radius="md" />
        <Skeleton height={52} radius="md" />
      </Stack>
    );
  }
  if (found.data.results.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No client matches “{q}”.
      </Text>
    );
  }
  return results(search.stale);
}
