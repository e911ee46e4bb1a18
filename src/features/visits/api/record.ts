import { outbox } from '@/lib/outbox';

/** The outbox's name for one visit: its changes are sent one after another. */
export function visitRecord(id: string): string {
  return `visit:${id.toLowerCase()}`;
}

/**
 * The visit was started on this device and its creation has not been tried
 * yet: the server cannot know it, so there is nothing to ask it for.
 */
export function createdHereOnly(id: string): boolean {
  return outbox()
    .getSnapshot()
    .items.some(
      (item) =>
        item.record === visitRecord(id) &&
        item.request.method === 'put' &&
        item.version === null &&
        item.state === 'waiting' &&
        item.attempts === 0,
    );
}
