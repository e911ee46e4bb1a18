/**
 * The outbox's sender against the real API through a network that misbehaves:
 * requests lost on the way out, answers lost on the way back after the server
 * committed, server errors, slow answers, the page reloaded between sends, and
 * a second author editing the same records meanwhile. For every seed, each
 * change is applied exactly once and in the order it was made, or is listed
 * as a conflict or failure with its reason.
 */
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/lib/api/client.ts';
import type { OutboxItem } from '../../src/lib/outbox/model.ts';
import { sendThroughApi } from '../../src/lib/outbox/send.ts';
import { createSender } from '../../src/lib/outbox/sender.ts';
import { createMemoryStore, type OutboxStore } from '../../src/lib/outbox/store.ts';
import { randomSource, generateClients } from '../../scripts/demo/clients.ts';
import { accessToken, api, idOf, stack, type Schemas, CURRENT } from '../support/api-client.ts';

type Enrollment = Schemas['Enrollment'];
type AuditEventList = Schemas['AuditEventList'];

const SEEDS = Number(process.env.OUTBOX_FAULT_SEEDS || 250);
/** Where the seeds start: `npm run test:api:all` gives each database its own half of them. */
const FIRST_SEED = Number(process.env.OUTBOX_FAULT_FIRST_SEED || 1);
const RECORDS_PER_SEED = 3;
const CHANGES_PER_SEED = 10;
const PATH = '/users/user-program-enrollments/{id}';
/** A generated client of its own, so the many enrollments made here crowd no other test's lists. */
const CLIENT = generateClients(stack.generatedClients).at(-1)!.id;

/** A fetch that loses requests and answers, fails and dawdles, as a therapy bay's Wi-Fi does. */
function unreliableFetch(random: () => number): (request: Request) => Promise<Response> {
  return async (request) => {
    const roll = random();
    if (roll < 0.1) throw new TypeError('Failed to fetch (lost on the way out)');
    if (roll < 0.17) return new Response('{"title":"Service Unavailable","status":503}', { status: 503 });
    if (roll < 0.22) await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 15)));
    const answer = await fetch(request);
    // The server did the work; the answer never arrives.
    if (random() < 0.1) throw new TypeError('Failed to fetch (answer lost)');
    return answer;
  };
}

let created = 0;

async function newEnrollment(seed: number): Promise<Enrollment> {
  created += 1;
  const answer = await api<Enrollment>('POST', '/users/user-program-enrollments', {
    as: 'coach',
    body: {
      user: CLIENT,
      program: 'iv_wellness',
      start_date: '2026-09-01',
      notes: `seed ${seed} #${created}`,
    },
  });
  if (answer.status !== 201) throw new Error(`setup failed: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

interface Planned {
  item: OutboxItem;
  /** The notes value the change sets. */
  notes: string;
}

describe('the outbox sender through an unreliable network', () => {
  it(`applies every change exactly once and in order, or reports it (seeds ${FIRST_SEED}-${FIRST_SEED + SEEDS - 1})`, async () => {
    const problems: string[] = [];
    let delivered = 0;
    let reported = 0;

    for (let seed = FIRST_SEED; seed < FIRST_SEED + SEEDS; seed++) {
      const random = randomSource(seed);
      const records = await Promise.all(Array.from({ length: RECORDS_PER_SEED }, () => newEnrollment(seed)));
      const versions = new Map(records.map((record) => [record.id, record.version]));
      const planned: Planned[] = [];
      let clock = 1;
      for (let n = 0; n < CHANGES_PER_SEED; n++) {
        const record = records[Math.floor(random() * records.length)]!;
        const changesStatus = random() < 0.3;
        const notes = `seed ${seed} change ${n}`;
        const body = changesStatus ? { status: random() < 0.5 ? 'paused' : 'active', notes } : { notes };
        planned.push({
          notes,
          item: {
            id: crypto.randomUUID(),
            author: 'nurse',
            record: `enrollment:${record.id}`,
            request: { method: 'patch', path: PATH, pathParams: { id: record.id }, body },
            // Changes made offline one after another are each made on top of the one before.
            version: versions.get(record.id) ?? null,
            base: { notes: record.notes, status: record.status },
            label: 'Enrollment',
            fieldLabels: { notes: 'Notes', status: 'Status' },
            link: null,
            refresh: [],
            createdAt: clock++,
            state: 'waiting',
            attempts: 0,
            notBefore: 0,
            reason: null,
            current: null,
          },
        });
      }
      const store: OutboxStore = createMemoryStore();
      await store.update(() => planned.map((plan) => plan.item));

      const answers = new Map<string, Enrollment>();
      const client = createApiClient({
        baseUrl: stack.apiUrl,
        // Asked per request, as the app asks its session: the seeds together may outlast one token.
        getAccessToken: () => accessToken('nurse'),
        fetch: unreliableFetch(random),
      });
      const makeSender = () =>
        createSender({
          store,
          send: (item) => sendThroughApi(client, item),
          now: () => clock,
          random,
          onDelivered: (item, body) => {
            answers.set(item.id, body as Enrollment);
          },
        });
      let sender = makeSender();
      for (let round = 0; round < 200; round++) {
        // Another author edits a record now and then: its notes (a real conflict) or its end date (another field).
        if (random() < 0.15) {
          const record = records[Math.floor(random() * records.length)]!;
          const field = random() < 0.5 ? { notes: `coach in seed ${seed}` } : { end_date: '2027-01-01' };
          await api('PATCH', `/users/user-program-enrollments/${record.id}`, {
            as: 'coach',
            ifMatch: CURRENT,
            body: field,
          });
        }
        const result = await sender.pump();
        // Nothing more will go without the person: every change is sent, or held back behind one they must look at.
        if (result.nextAttemptAt === null) break;
        clock = result.nextAttemptAt + 1;
        // The page is reloaded now and then: a new sender over what is stored.
        if (random() < 0.2) sender = makeSender();
      }

      const left = await store.load();
      const leftIds = new Set(left.map((item) => item.id));
      const needsPerson = left.filter((item) => item.state === 'failed' || item.state === 'conflict');
      for (const item of needsPerson) {
        if (!item.reason) problems.push(`seed ${seed}: ${item.id} is ${item.state} without a reason`);
      }
      for (const item of left) {
        const blocked = needsPerson.some((other) => other.record === item.record && other.createdAt <= item.createdAt);
        if (!blocked) problems.push(`seed ${seed}: ${item.id} is still ${item.state} with nothing holding it back`);
      }
      reported += needsPerson.length;

      // Exactly once: the nurse's applied updates of each record are as many as her changes that left the outbox.
      const trail = await api<AuditEventList>(
        'GET',
        `/users/audit-events?action=enrollments.update&subject_id=${CLIENT}&page_size=100`,
        { as: 'super' },
      );
      for (const record of records) {
        const sentHere = planned.filter((plan) => plan.item.request.pathParams.id === record.id);
        const gone = sentHere.filter((plan) => !leftIds.has(plan.item.id));
        const applied = trail.body.results.filter(
          (event) => event.resource_id === record.id && event.actor_id === idOf('nurse') && event.outcome === 'success',
        );
        if (applied.length !== gone.length) {
          problems.push(`seed ${seed}: record ${record.id} has ${applied.length} updates for ${gone.length} changes`);
        }
        // In order: each accepted change's answer carries its own notes, at a version above the one before.
        let lastVersion = 0;
        for (const plan of gone) {
          const answer = answers.get(plan.item.id);
          if (!answer || answer.notes !== plan.notes || answer.version <= lastVersion) {
            problems.push(`seed ${seed}: change ${plan.notes} answered out of order: ${JSON.stringify(answer)}`);
          }
          lastVersion = answer?.version ?? lastVersion;
        }
        // Held back behind a change that needs the person: later changes of that record wait, not skipped.
        const firstLeft = sentHere.findIndex((plan) => leftIds.has(plan.item.id));
        if (firstLeft >= 0 && sentHere.slice(firstLeft).some((plan) => !leftIds.has(plan.item.id))) {
          problems.push(`seed ${seed}: record ${record.id} sent a change past one that is held back`);
        }
      }
      delivered += planned.length - left.length;
    }

    expect(problems).toEqual([]);
    // The run exercised both paths.
    expect(delivered).toBeGreaterThan(SEEDS * CHANGES_PER_SEED * 0.5);
    expect(reported).toBeGreaterThan(0);
  }, 300_000);
});
