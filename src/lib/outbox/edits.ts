/**
 * The changes the person makes to their list of unsent changes, as pure edits of the list: a new change, the
 * latest save of a document edited whole, a retry, and a conflict settled field by field.
 */
import { inOrder, type NewChange, type OutboxItem } from './model';

/** A change as it enters the list: waiting, never tried. */
function newItem(author: string, change: NewChange, createdAt: number): OutboxItem {
  return {
    id: crypto.randomUUID(),
    author,
    record: change.record,
    request: change.request,
    version: change.version,
    ...(change.unconditional ? { unconditional: true } : {}),
    base: change.base,
    label: change.label,
    fieldLabels: change.fieldLabels,
    link: change.link ?? null,
    refresh: change.refresh ?? [],
    createdAt,
    state: 'waiting',
    attempts: 0,
    notBefore: 0,
    reason: null,
    current: null,
  };
}

/** Makes the list's new items; changes made in the same millisecond keep the order they were made in. */
export function itemMaker(now: () => number): (author: string, change: NewChange) => OutboxItem {
  let lastMade = 0;
  return (author, change) => {
    lastMade = Math.max(now(), lastMade + 1);
    return newItem(author, change, lastMade);
  };
}

/**
 * The list with the latest save of a document edited as a whole (a visit draft, saved as the person types): it
 * replaces the record's last unsent save when that one was never sent, so an hour offline is one request, not
 * hundreds; otherwise it follows it. A save that was tried once keeps its body, since the server may have it under
 * its key. `saved` is the item that now holds the save.
 */
export function withLatestSave(
  items: readonly OutboxItem[],
  next: NewChange,
  fresh: OutboxItem,
): { items: OutboxItem[]; saved: OutboxItem } {
  const last = inOrder(items.filter((item) => item.record === next.record)).at(-1);
  const replaceable =
    last !== undefined &&
    last.state === 'waiting' &&
    last.attempts === 0 &&
    last.request.method === next.request.method &&
    last.request.path === next.request.path;
  if (!replaceable) return { items: [...items, fresh], saved: fresh };
  const saved: OutboxItem = {
    ...last,
    request: next.request,
    label: next.label,
    fieldLabels: next.fieldLabels,
    link: next.link ?? last.link,
    refresh: next.refresh ?? last.refresh,
  };
  return { items: items.map((item) => (item.id === last.id ? saved : item)), saved };
}

/** The list with one change waiting again, as if never tried (the person fixed what was wrong). */
export function withRetry(items: readonly OutboxItem[], id: string): OutboxItem[] {
  return items.map((item) =>
    item.id === id ? { ...item, state: 'waiting', attempts: 0, notBefore: 0, reason: null } : item,
  );
}

/**
 * The list with a conflict settled: a new change with the values the person kept (`body`, from the merge), made on
 * the record as the server holds it now, with a new Idempotency-Key since it is a new request. Nothing left to send
 * (`body` null) removes it.
 */
export function withResolution(
  items: readonly OutboxItem[],
  id: string,
  bodyOf: (item: OutboxItem, current: Readonly<Record<string, unknown>>) => Record<string, unknown> | null,
): OutboxItem[] {
  return items.flatMap((item) => {
    if (item.id !== id || !item.current) return [item];
    const current = item.current;
    const body = bodyOf(item, current);
    if (body === null) return [];
    const version = typeof current.version === 'number' ? current.version : item.version;
    const base = Object.fromEntries(Object.keys(body).map((field) => [field, current[field]]));
    return [
      {
        ...item,
        id: crypto.randomUUID(),
        request: { ...item.request, body },
        version,
        base,
        state: 'waiting' as const,
        attempts: 0,
        notBefore: 0,
        reason: null,
        current: null,
      },
    ];
  });
}
