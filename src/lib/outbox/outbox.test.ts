import { describe, expect, it } from 'vitest';
import type { NewChange, OutboxItem, SendAnswer } from './model';
import { createOutbox } from './outbox';

/** The notes a visit's save carries: what these tests type. */
const notesOf = (item: OutboxItem) => (item.request.body as { notes?: string }).notes;

/** An outbox in memory for 'nurse-a', offline unless told otherwise, whose sends wait until released. */
async function setup() {
  let online = false;
  const onlineListeners = new Set<() => void>();
  const sent: unknown[] = [];
  let release: (answer: SendAnswer) => void = () => undefined;
  const box = createOutbox({
    currentUser: () => 'nurse-a',
    subscribeToSession: () => () => undefined,
    persists: false,
    isOnline: () => online,
    subscribeToOnline: (listener) => {
      onlineListeners.add(listener);
      return () => onlineListeners.delete(listener);
    },
    send: (item) => {
      sent.push(notesOf(item));
      return new Promise<SendAnswer>((resolve) => {
        release = resolve;
      });
    },
    onDelivered: () => undefined,
  });
  await box.start();
  const goOnline = () => {
    online = true;
    onlineListeners.forEach((listener) => listener());
  };
  return { box, sent, goOnline, release: (answer: SendAnswer) => release(answer) };
}

/** The fields a visit's save always carries. */
const VISIT = { client_id: 'c1', therapy: 'iv' } as const;

const save = (notes: string): NewChange => ({
  record: 'visit:v1',
  request: { method: 'put', path: '/visits/{id}', pathParams: { id: 'v1' }, body: { ...VISIT, notes } },
  version: null,
  base: null,
  label: 'IV therapy visit',
  fieldLabels: {},
});

describe('saving a document as it is typed', () => {
  it('keeps one unsent save per record while nothing was sent: the latest', async () => {
    const { box } = await setup();
    const first = await box.saveLatest(save('B'));
    const second = await box.saveLatest(save('B1'));
    const third = await box.saveLatest(save('B12'));
    expect(second.id).toBe(first.id);
    expect(third.id).toBe(first.id);
    expect(box.getSnapshot().items.map(notesOf)).toEqual(['B12']);
  });

  it('follows a save that is on its way instead of changing it', async () => {
    const { box, sent, goOnline, release } = await setup();
    await box.saveLatest(save('B'));
    goOnline();
    await expect.poll(() => sent).toEqual(['B']);
    await box.saveLatest(save('B12'));
    expect(box.getSnapshot().items.map(notesOf)).toEqual(['B', 'B12']);
    release({ status: 201, body: { version: 1 }, problem: null, message: '' });
    await expect.poll(() => sent).toEqual(['B', 'B12']);
    // The second save goes on the version the first one made.
    expect(box.getSnapshot().items.map((item) => item.version)).toEqual([1]);
  });
});

describe('a courier', () => {
  it('delivers a signed-out author’s changes with their own credential, then releases it', async () => {
    let user: string | null = 'nurse-a';
    let online = false;
    const sessionListeners = new Set<() => void>();
    const onlineListeners = new Set<() => void>();
    const sentAs: string[] = [];
    const released: string[] = [];
    const box = createOutbox({
      currentUser: () => user,
      subscribeToSession: (listener) => {
        sessionListeners.add(listener);
        return () => sessionListeners.delete(listener);
      },
      persists: false,
      isOnline: () => online,
      subscribeToOnline: (listener) => {
        onlineListeners.add(listener);
        return () => onlineListeners.delete(listener);
      },
      send: () => Promise.reject(new Error('the signed-in person’s own sending is not used here')),
      onDelivered: () => undefined,
      courier: {
        capture: () => Promise.resolve('refresh-of-a'),
        sender: (credential) => () => {
          sentAs.push(credential);
          return Promise.resolve({ status: 200, body: { version: 2 }, problem: null, message: '' });
        },
        release: (credential) => {
          released.push(credential);
          return Promise.resolve();
        },
      },
    });
    await box.start();
    await box.saveLatest(save('Charted offline'));
    expect(await box.handOver()).toBe(true);
    // Nurse A signs out; nurse B signs in: B sees nothing of A's.
    user = 'nurse-b';
    sessionListeners.forEach((listener) => listener());
    await box.start();
    expect(box.getSnapshot()).toMatchObject({ author: 'nurse-b', items: [] });
    // The network returns: A's change goes, with A's credential, which is then released.
    online = true;
    onlineListeners.forEach((listener) => listener());
    await expect.poll(() => released).toEqual(['refresh-of-a']);
    expect(sentAs).toEqual(['refresh-of-a']);
  });
});
