import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchSender } from '@/lib/query/search-pause';
import { useOnline } from '@/pwa/connection';
import { SEARCH_LIMIT, clientSearchQueryOptions, recentClientsQueryOptions } from '../api/queries';
import { useSavedClients } from '../api/recent';
import { searchSaved, type FoundClient } from '../model/clients';

/**
 * What the discovery page shows for the text typed: before anything is typed,
 * the clients opened lately on this device; online, the server's search for
 * the route's `q` (the text as last sent); offline, the clients saved on the
 * device. The text typed is kept here and sent to the route as it settles.
 */
export function useClientSearch(q: string, onQueryChange: (q: string) => void) {
  const online = useOnline();
  const savedClients = useSavedClients();
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

  return {
    text,
    type(value: string) {
      setText(value);
      sendAsTyped(value);
    },
    /** Stops the text typed from being sent (a client is being opened). */
    cancelSending: () => sendAsTyped.cancel(),
    searching,
    online,
    found,
    offlineResults,
    shown,
    /** The list shows an earlier text's results while the text typed is on its way. */
    stale: text.trim() !== q || found.isPlaceholderData,
  };
}
