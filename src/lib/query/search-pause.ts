import { useEffect, useState } from 'react';

/**
 * The least time between two searches sent while someone types. A key typed
 * after a pause searches at once (the whole way from the last key to the
 * results has 150 ms); keys that come faster than this (a held key, a fast
 * typist) fold into one search sent when it has passed, with the text last
 * typed. A superseded request is cancelled anyway (search queries pass their
 * abort signal).
 */
export const SEARCH_PAUSE_MS = 40;

/** Sends a search as typed (see SEARCH_PAUSE_MS); `cancel` drops one still to be sent. */
export interface SearchSender<T> {
  (value: T): void;
  cancel(): void;
}

/**
 * `send`, at most once per SEARCH_PAUSE_MS while values come: the first at
 * once, the last always (never lost to the pause). `use` replaces `send`
 * (a component's, as of its last render).
 */
function createSearchSender<T>(
  initialSend: (value: T) => void,
): SearchSender<T> & { use(send: (value: T) => void): void } {
  let send = initialSend;
  let lastSentAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: { value: T } | undefined;
  const sendNow = (value: T) => {
    lastSentAt = performance.now();
    send(value);
  };
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  const sender = (value: T) => {
    const wait = lastSentAt + SEARCH_PAUSE_MS - performance.now();
    if (wait <= 0 && timer === undefined) {
      sendNow(value);
      return;
    }
    pending = { value };
    timer ??= setTimeout(
      () => {
        timer = undefined;
        const next = pending;
        pending = undefined;
        if (next) sendNow(next.value);
      },
      Math.max(0, wait),
    );
  };
  return Object.assign(sender, {
    cancel,
    use: (next: (value: T) => void) => {
      send = next;
    },
  });
}

/** A search sender for a component: nothing is sent after the component has gone. */
export function useSearchSender<T>(send: (value: T) => void): SearchSender<T> {
  const [sender] = useState(() => createSearchSender(send));
  useEffect(() => sender.use(send));
  useEffect(() => () => sender.cancel(), [sender]);
  return sender;
}
