import { describe, expect, it } from 'vitest';
import type { OutboxItem, SendAnswer } from './model';
import { createSender } from './sender';
import { createMemoryStore } from './store';

let clock = 1_000;
const now = () => clock;

function item(id: string, record: string, fields: Partial<OutboxItem> = {}): OutboxItem {
  return {
    id,
    author: 'nurse-a',
    record,
    request: { method: 'patch', path: '/users/user-profiles/{id}', pathParams: { id: record }, body: { city: id } },
    version: 1,
    base: { city: 'Pune' },
    label: `Profile ${record}`,
    fieldLabels: { city: 'City' },
    link: null,
    refresh: [],
    createdAt: clock++,
    state: 'waiting',
    attempts: 0,
    notBefore: 0,
    reason: null,
    current: null,
    ...fields,
  };
}

const ok = (body: unknown): SendAnswer => ({ status: 200, body, problem: null, message: '' });
const answer = (status: number, problem: Partial<NonNullable<SendAnswer['problem']>> = {}): SendAnswer => ({
  status,
  body: null,
  problem: { type: 'about:blank', title: 'x', status, ...problem },
  message: problem.detail ?? `${status}`,
});

/** A sender over a memory store holding `items`, answering each send with the next of `answers`. */
async function setup(items: OutboxItem[], answers: (SendAnswer | ((item: OutboxItem) => SendAnswer))[]) {
  const store = createMemoryStore();
  await store.update(() => items);
  const sent: OutboxItem[] = [];
  const delivered: string[] = [];
  const sender = createSender({
    store,
    now,
    random: () => 0.5,
    send: (sending) => {
      sent.push(sending);
      const next = answers.shift();
      if (!next) throw new Error(`no answer scripted for ${sending.id}`);
      return Promise.resolve(typeof next === 'function' ? next(sending) : next);
    },
    onDelivered: (done) => {
      delivered.push(done.id);
    },
  });
  return { store, sender, sent, delivered };
}

describe('the outbox sender', () => {
  it('sends each record’s changes in the order they were made, and removes them once the server has them', async () => {
    const { store, sender, sent, delivered } = await setup(
      [item('a1', 'A'), item('b1', 'B'), item('a2', 'A')],
      [ok({ version: 2 }), ok({ version: 2 }), ok({ version: 3 })],
    );
    expect(await sender.pump()).toEqual({ signedOut: false, nextAttemptAt: null });
    expect(sent.map((it) => it.id)).toEqual(['a1', 'b1', 'a2']);
    expect(delivered).toEqual(['a1', 'b1', 'a2']);
    expect(await store.load()).toEqual([]);
  });

  it('carries a later change of the same record onto the version the first one made', async () => {
    const { sender, sent } = await setup([item('a1', 'A'), item('a2', 'A')], [ok({ version: 7 }), ok({ version: 8 })]);
    await sender.pump();
    expect(sent.map((it) => it.version)).toEqual([1, 7]);
  });

  it('carries a change made from the old version just after the first one left the list', async () => {
    // A creation (no version yet) is delivered as version 1; the screen still showed it unsent when the next change was made.
    const creation = item('a1', 'A', {
      request: { method: 'post', path: '/things', pathParams: {}, body: {} },
      version: null,
    });
    const { store, sender, sent } = await setup([creation], [ok({ version: 1 }), ok({ version: 2 })]);
    await sender.pump();
    await store.update((items) => [...items, item('a2', 'A', { version: null })]);
    await sender.pump();
    expect(sent.map((it) => it.version)).toEqual([null, 1]);
    expect(await store.load()).toEqual([]);
  });

  it('sends a removal made with no version, later, without one', async () => {
    const creation = item('a1', 'A', {
      request: { method: 'post', path: '/things', pathParams: {}, body: {} },
      version: null,
    });
    const { store, sender, sent } = await setup([creation], [ok({ version: 1 }), ok(null)]);
    await sender.pump();
    const removal = { method: 'delete', path: '/things/{id}', pathParams: { id: 'A' } } as const;
    await store.update((items) => [...items, item('a2', 'A', { request: removal, version: null })]);
    await sender.pump();
    expect(sent.map((it) => it.version)).toEqual([null, null]);
  });

  it('keeps a change the server did not answer, and tries again later with the same key', async () => {
    const { store, sender, sent } = await setup([item('a1', 'A')], [answer(0), answer(503), ok({ version: 2 })]);
    const first = await sender.pump();
    expect(first.nextAttemptAt).toBe(clock + 1000);
    const [waiting] = await store.load();
    expect(waiting).toMatchObject({ state: 'waiting', attempts: 1 });
    clock += 1000;
    expect((await sender.pump()).nextAttemptAt).toBe(clock + 2000);
    clock += 2000;
    await sender.pump();
    expect(sent.map((it) => it.id)).toEqual(['a1', 'a1', 'a1']);
    expect(await store.load()).toEqual([]);
  });

  it('holds back a record whose first change failed, and sends the other records', async () => {
    const { store, sender, sent } = await setup(
      [item('a1', 'A'), item('a2', 'A'), item('b1', 'B')],
      [answer(400, { detail: 'Enter the number with its country code' }), ok({ version: 2 })],
    );
    await sender.pump();
    expect(sent.map((it) => it.id)).toEqual(['a1', 'b1']);
    const left = await store.load();
    expect(left.map((it) => [it.id, it.state, it.reason])).toEqual([
      ['a1', 'failed', 'Enter the number with its country code'],
      ['a2', 'waiting', null],
    ]);
  });

  it('sends again on the current version when someone else changed only other fields', async () => {
    const current = { version: 5, city: 'Pune', phone_number: '+15555550199' };
    const { store, sender, sent } = await setup(
      [item('a1', 'A')],
      [answer(412, { current_version: 5, current }), ok({ version: 6 })],
    );
    await sender.pump();
    expect(sent.map((it) => [it.id, it.version])).toEqual([
      ['a1', 1],
      ['a1', 5],
    ]);
    expect(await store.load()).toEqual([]);
  });

  it('shows a conflict when someone else changed the same field to another value', async () => {
    const current = { version: 5, city: 'Mumbai' };
    const { store, sender } = await setup(
      [item('a1', 'A'), item('b1', 'B')],
      [answer(412, { current_version: 5, current }), ok({ version: 2 })],
    );
    await sender.pump();
    const [conflict] = await store.load();
    expect(conflict).toMatchObject({ id: 'a1', state: 'conflict', current });
  });

  it('shows a 409 refusal as a conflict with the server’s reason', async () => {
    const { store, sender } = await setup(
      [item('a1', 'A')],
      [answer(409, { detail: 'The appointment is completed.' })],
    );
    await sender.pump();
    expect(await store.load()).toMatchObject([{ state: 'conflict', reason: 'The appointment is completed.' }]);
  });

  it('stops at a session that ended, keeping the change for the author’s next sign-in', async () => {
    const { store, sender, sent } = await setup([item('a1', 'A'), item('b1', 'B')], [answer(401)]);
    expect(await sender.pump()).toEqual({ signedOut: true, nextAttemptAt: null });
    expect(sent).toHaveLength(1);
    expect((await store.load()).map((it) => it.state)).toEqual(['waiting', 'waiting']);
  });

  it('counts a removal of something already gone as done', async () => {
    const removal = item('d1', 'E', {
      request: { method: 'delete', path: '/users/user-program-enrollments/{id}', pathParams: { id: 'E' } },
      version: null,
    });
    const { store, sender } = await setup([removal], [answer(404)]);
    await sender.pump();
    expect(await store.load()).toEqual([]);
  });

  it('sends again a change that was being sent when the page went away', async () => {
    const { sender, sent } = await setup([item('a1', 'A', { state: 'sending' })], [ok({ version: 2 })]);
    await sender.pump();
    expect(sent.map((it) => it.id)).toEqual(['a1']);
  });
});
