import { Loader, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PanelCard } from '@/components/signed-in/PanelCard';
import { PlainList } from '@/components/signed-in/PlainList';
import { AnchorLink } from '@/components/RouterLinks';
import { TOUCH_TARGET } from '@/config/touch';
import { userListQueryOptions } from '@/features/people';
import { useOnline } from '@/pwa/connection';

/** Find a client by name, e-mail or phone, from the hub: each match opens the client's page. */
export function QuickSearch() {
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 300);
  const online = useOnline();
  const found = useQuery({
    ...userListQueryOptions({ role: 'CLIENT', search, page_size: 6 }),
    enabled: search.length >= 2,
    placeholderData: keepPreviousData,
  });
  return (
    <PanelCard title="Find a client">
      <TextInput
        aria-label="Find a client by name, e-mail or phone"
        placeholder="Name, e-mail or phone"
        // A client's name typed here must not be kept in the browser's autofill, on a shared tablet's disk.
        autoComplete="off"
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={found.isFetching ? <Loader size="xs" /> : undefined}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      {search.length >= 2 && found.data && (
        <PlainList gap={4} label="Matching clients">
          {found.data.results.length === 0 && (
            <Text size="sm" c="dimmed">
              No client matches “{search}”.
            </Text>
          )}
          {found.data.results.map((client) => (
            <li key={client.id}>
              <AnchorLink
                to="/client/discovery/$clientId"
                params={{ clientId: client.id }}
                display="flex"
                mih={TOUCH_TARGET}
                style={{ alignItems: 'center' }}
              >
                {client.first_name} {client.last_name}
                <Text span size="sm" c="dimmed" ml="xs">
                  {client.email}
                </Text>
              </AnchorLink>
            </li>
          ))}
        </PlainList>
      )}
      {search.length >= 2 && !found.data && !online && (
        <Text size="sm" c="dimmed" role="status">
          You are offline: searching needs a connection.
        </Text>
      )}
    </PanelCard>
  );
}
