import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchSender } from '@/lib/query/search-pause';
import { searchOfText } from '../model/user-list';

/**
 * The search box of the user list. What is typed shows at once, and so does
 * the search (`onSearch`), but for keys faster than SEARCH_PAUSE_MS, which
 * fold into one; `onType` hears each change at once (the list says it is out
 * of date meanwhile). When the search changes from outside (back and forward,
 * 'Clear filters'), the box shows it.
 */
export function UserSearchField({
  search,
  onSearch,
  onType,
}: {
  search: string | undefined;
  onSearch: (text: string | undefined) => void;
  onType?: (text: string) => void;
}) {
  const [text, setText] = useState(search ?? '');
  // The search last seen in the URL, and the one this box last sent: only other changes replace the text.
  const [seen, setSeen] = useState({ url: search ?? '', sent: null as string | null });
  const current = search ?? '';
  if (current !== seen.url) {
    setSeen({ url: current, sent: null });
    if (current !== seen.sent) setText(current);
  }

  const send = (value: string) => {
    const trimmed = searchOfText(value);
    if (trimmed === current) return;
    setSeen((before) => ({ ...before, sent: trimmed }));
    onSearch(trimmed === '' ? undefined : trimmed);
  };
  const sendAsTyped = useSearchSender(send);

  return (
    <TextInput
      label="Search"
      placeholder="Name, e-mail, phone"
      type="search"
      autoComplete="off"
      spellCheck={false}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        onType?.(event.currentTarget.value);
        sendAsTyped(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        // Enter searches at once.
        if (event.key === 'Enter') {
          sendAsTyped.cancel();
          send(event.currentTarget.value);
        }
      }}
      rightSection={
        text === '' ? null : (
          <CloseButton
            aria-label="Clear search"
            onClick={() => {
              setText('');
              onType?.('');
              sendAsTyped.cancel();
              send('');
            }}
          />
        )
      }
      style={{ flex: '1 1 180px' }}
    />
  );
}
