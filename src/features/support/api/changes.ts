/**
 * Messages to the clinic go through the outbox: kept on this device until the
 * server has them, so a client writes offline too. The thread's and each
 * message's ids are made here, so a message sent twice is kept once. A
 * thread's messages share its outbox record and go in the order written.
 */
import type { components } from '@contract';
import { outbox, type OutboxItem } from '@/lib/outbox';
import { supportKeys } from './queries';

type Schemas = components['schemas'];

/** The outbox's name for one thread. */
export function threadRecord(id: string): string {
  return `support:${id.toLowerCase()}`;
}

export type NewThread = Omit<Schemas['SupportThreadCreate'], 'id' | 'message_id'>;

/** Starts a thread with the clinic; its id is made here. */
export function startThread(thread: NewThread, link: string): Promise<OutboxItem> {
  const id = crypto.randomUUID();
  const body: Schemas['SupportThreadCreate'] = { id, message_id: crypto.randomUUID(), ...thread };
  return outbox().enqueue({
    record: threadRecord(id),
    request: { method: 'post', path: '/support/threads', pathParams: {}, body },
    version: null,
    base: null,
    label: `Message to the clinic: ${thread.subject}`,
    fieldLabels: {},
    link,
    refresh: [supportKeys.all],
  });
}

/** Adds a message to a thread (a client's follow-up or the clinic's answer). */
export function replyToThread(
  { threadId, text, subject }: { threadId: string; text: string; subject: string },
  link: string,
): Promise<OutboxItem> {
  const body: Schemas['SupportMessageCreate'] = { id: crypto.randomUUID(), text };
  return outbox().enqueue({
    record: threadRecord(threadId),
    request: { method: 'post', path: '/support/threads/{id}/messages', pathParams: { id: threadId }, body },
    version: null,
    // A message applies to the thread as it is, whatever came before it.
    unconditional: true,
    base: null,
    label: `Reply in "${subject}"`,
    fieldLabels: {},
    link,
    refresh: [supportKeys.all],
  });
}

/** A thread started on this device that the server does not have yet. */
export function unsentThreadOf(item: OutboxItem): Schemas['SupportThreadCreate'] | null {
  return item.request.path === '/support/threads' ? (item.request.body as Schemas['SupportThreadCreate']) : null;
}

/** A message written on this device for a thread, not yet on the server. */
export function unsentMessageOf(item: OutboxItem): (Schemas['SupportMessageCreate'] & { threadId: string }) | null {
  if (item.request.path !== '/support/threads/{id}/messages') return null;
  return { ...(item.request.body as Schemas['SupportMessageCreate']), threadId: item.request.pathParams.id ?? '' };
}
