/**
 * Assessment results over HTTP: the server scores the Thrive check (WHO-5)
 * and the cognitive runs itself, refuses anything it cannot score naming the
 * item, keeps every result once however often it is sent, and lets a client
 * read and record only its own; staff of the hub group read them, share risk
 * results, and find the clients whose newest check needs attention.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TRAILS_TARGETS } from '@contract';
import type { CognitiveRun } from '@contract';
import { generateClients } from '../../scripts/demo/clients.ts';
import { api, idOf, stack, type Email, type Problem, type Schemas, type Actor } from '../support/api-client.ts';

type Assessment = Schemas['Assessment'];
type AssessmentList = Schemas['AssessmentList'];

/** Generated clients 85 to 99 that gave consent: these tests sign in as them and record their results. */
const consenting = generateClients(stack.generatedClients)
  .slice(84, 99)
  .filter((client) => client.hipaaConsent);
const [ALICE, BOB, CAROL, DAN] = consenting as [
  (typeof consenting)[number],
  (typeof consenting)[number],
  (typeof consenting)[number],
  (typeof consenting)[number],
];

function post(as: Actor | Email, body: Record<string, unknown>, key?: string) {
  return api<Assessment & Problem>('POST', '/assessments', {
    as,
    body,
    ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
  });
}

function who5(clientId: string, answers: unknown[], takenAt = new Date().toISOString()) {
  return { id: randomUUID(), client_id: clientId, type: 'who5', taken_at: takenAt, answers };
}

const fields = (answer: { body: Problem }) => answer.body.errors?.map((error) => error.field) ?? [];

describe('the Thrive check (WHO-5)', () => {
  it('scores all 5s as 100 and all 0s as 0, the low one raising an alert', async () => {
    const best = await post(ALICE.email as Email, who5(ALICE.id, [5, 5, 5, 5, 5]));
    expect(best.status, JSON.stringify(best.body)).toBe(201);
    expect(best.body).toMatchObject({ type: 'who5', raw_score: 25, score: 100, alert: false, client_id: ALICE.id });
    const worst = await post(ALICE.email as Email, who5(ALICE.id, [0, 0, 0, 0, 0]));
    expect(worst.status).toBe(201);
    expect(worst.body).toMatchObject({ raw_score: 0, score: 0, alert: true, answers: [0, 0, 0, 0, 0] });
  });

  it('refuses an answer of 6, a missing item and a sixth item, naming the item', async () => {
    const six = await post(ALICE.email as Email, who5(ALICE.id, [3, 3, 6, 3, 3]));
    expect(six.status).toBe(400);
    expect(fields(six)).toEqual(['body.answers.2']);
    const missing = await post(ALICE.email as Email, who5(ALICE.id, [3, 3, 3, 3]));
    expect(missing.status).toBe(400);
    expect(fields(missing)).toEqual(['body.answers.4']);
    const sixth = await post(ALICE.email as Email, who5(ALICE.id, [3, 3, 3, 3, 3, 3]));
    expect(sixth.status).toBe(400);
    expect(fields(sixth)).toEqual(['body.answers.5']);
    const notANumber = await post(ALICE.email as Email, who5(ALICE.id, [3, 3, 'x', 3, 3]));
    expect(notANumber.status).toBe(400);
    expect(fields(notANumber)).toEqual(['body.answers.2']);
  });

  it('is kept once: a resend with its key gets the same answer, a new key on the same id 409', async () => {
    const body = who5(BOB.id, [2, 3, 2, 3, 2]);
    const key = randomUUID();
    const first = await post(BOB.email as Email, body, key);
    const again = await post(BOB.email as Email, body, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const taken = await post(BOB.email as Email, body, randomUUID());
    expect(taken.status).toBe(409);
    expect(fields(taken)).toEqual(['body.id']);
    const listed = await api<AssessmentList>('GET', `/assessments?type=who5`, { as: BOB.email as Email });
    expect(listed.body.results.filter((result) => result.id === body.id)).toHaveLength(1);
  });

  it('cannot be taken later than now', async () => {
    const later = await post(BOB.email as Email, who5(BOB.id, [2, 2, 2, 2, 2], '2099-01-01T00:00:00Z'));
    expect(later.status).toBe(400);
    expect(fields(later)).toEqual(['body.taken_at']);
  });

  it('cannot be dated before the client’s account existed (1900), naming taken_at', async () => {
    for (const takenAt of ['1900-01-01T00:00:00Z', new Date(Date.now() - 91 * 86_400_000).toISOString()]) {
      const early = await post(BOB.email as Email, who5(BOB.id, [2, 2, 2, 2, 2], takenAt));
      expect(early.status, takenAt).toBe(400);
      expect(early.body.errors, takenAt).toEqual([
        { field: 'body.taken_at', message: 'cannot be before the client’s account existed' },
      ]);
    }
  });
});

describe('whose results', () => {
  it('a client cannot record for another client, nor read another’s', async () => {
    const forOther = await post(ALICE.email as Email, who5(BOB.id, [4, 4, 4, 4, 4]));
    expect(forOther.status).toBe(403);
    expect(fields(forOther)).toEqual(['body.client_id']);
    expect((await api('GET', `/assessments?client=${BOB.id}`, { as: ALICE.email as Email })).status).toBe(403);
    const own = await api<AssessmentList>('GET', '/assessments', { as: ALICE.email as Email });
    expect(own.status).toBe(200);
    expect(own.body.results.length).toBeGreaterThan(0);
    expect(new Set(own.body.results.map((result) => result.client_id))).toEqual(new Set([ALICE.id]));
  });

  it('staff of the hub group read them but do not take them for the client; admin neither', async () => {
    for (const actor of ['nurse', 'reception', 'doctor', 'coach', 'nutrition', 'super'] as const) {
      const read = await api<AssessmentList>('GET', `/assessments?client=${ALICE.id}`, { as: actor });
      expect(read.status, actor).toBe(200);
      expect(read.body.results.every((result) => result.client_id === ALICE.id)).toBe(true);
    }
    expect((await post('nurse', who5(ALICE.id, [4, 4, 4, 4, 4]))).status).toBe(403);
    expect((await api('GET', `/assessments?client=${ALICE.id}`, { as: 'admin' })).status).toBe(403);
    // A client that has not given its HIPAA consent gets nothing but the authorization.
    const unconsented = await api<Problem>('GET', '/assessments', { as: 'client' });
    expect(unconsented.status).toBe(403);
    expect(unconsented.body.type).toBe('https://thrive.clinic/problems/consent-required');
  });

  it('the hub finds the clients whose newest check needs attention, and not those who recovered', async () => {
    // Earlier, though not before the accounts (made when the suite's stack started) existed.
    const earlier = new Date(Date.now() - 60_000).toISOString();
    expect((await post(CAROL.email as Email, who5(CAROL.id, [1, 1, 1, 2, 1], earlier))).status).toBe(201);
    expect((await post(DAN.email as Email, who5(DAN.id, [1, 0, 1, 1, 1], earlier))).status).toBe(201);
    expect((await post(DAN.email as Email, who5(DAN.id, [4, 3, 3, 4, 3]))).status).toBe(201);
    const since = new Date(Date.now() - 28 * 86_400_000).toISOString();
    const flagged = await api<AssessmentList>(
      'GET',
      `/assessments?type=who5&latest=true&alert=true&since=${encodeURIComponent(since)}`,
      { as: 'nurse' },
    );
    expect(flagged.status).toBe(200);
    const ids = flagged.body.results.map((result) => result.client_id);
    expect(ids).toContain(CAROL.id);
    expect(ids).not.toContain(DAN.id);
    expect(flagged.body.results.find((result) => result.client_id === CAROL.id)).toMatchObject({
      score: 24,
      alert: true,
      client_name: `${CAROL.firstName} ${CAROL.lastName}`,
    });
  });
});

describe('a cognitive run', () => {
  const run = (delayed: string[] | null): CognitiveRun => ({
    digit_span_forward: {
      trials: [
        { digits: '582', response: '582', response_ms: 2100 },
        { digits: '4179', response: '4179', response_ms: 3200 },
        { digits: '63958', response: '63985', response_ms: 4100 },
        { digits: '27461', response: '27416', response_ms: 3900 },
      ],
    },
    digit_span_backward: { trials: [{ digits: '47', response: '74' }] },
    word_recall: { list: 'a', immediate: ['harbor', 'lemon', 'tiger'], delayed, delay_ms: 300_000 },
    trails_a: { taps: TRAILS_TARGETS.a.map((target, index) => ({ target, at_ms: 900 * (index + 1) })) },
    trails_b: { taps: TRAILS_TARGETS.b.map((target, index) => ({ target, at_ms: 2000 * (index + 1) })) },
    reaction_time: {
      trials: [
        { wait_ms: 1400, rt_ms: 280, early: false },
        { wait_ms: 2100, rt_ms: null, early: true },
        { wait_ms: 1800, rt_ms: 320, early: false },
      ],
    },
  });
  const cognitive = (clientId: string, record: CognitiveRun) => ({
    id: randomUUID(),
    client_id: clientId,
    type: 'cognitive',
    taken_at: new Date().toISOString(),
    cognitive: record,
  });

  it('is scored by the server; the first complete run is the baseline, and only that one', async () => {
    const partial = await post(BOB.email as Email, cognitive(BOB.id, run(null)));
    expect(partial.status, JSON.stringify(partial.body)).toBe(201);
    expect(partial.body).toMatchObject({ complete: false, baseline: false });
    const first = await post(BOB.email as Email, cognitive(BOB.id, run(['harbor'])));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ complete: true, baseline: true });
    expect(first.body.cognitive_scores).toEqual({
      digit_span_forward: 4,
      digit_span_backward: 2,
      words_immediate: 2,
      words_delayed: 1,
      word_intrusions: 1,
      trails_a_seconds: 10.8,
      trails_a_errors: 0,
      trails_b_seconds: 24,
      trails_b_errors: 0,
      reaction_median_ms: 300,
      reaction_anticipations: 1,
      reaction_misses: 0,
    });
    const second = await post(BOB.email as Email, cognitive(BOB.id, run(['harbor', 'lemon'])));
    expect(second.body).toMatchObject({ complete: true, baseline: false });
    expect(second.body.cognitive_scores?.words_delayed).toBe(2);
  });

  it('refuses records no score can be made of, naming each', async () => {
    const bad = run(['harbor']);
    bad.trails_a!.taps[3] = { target: 'Q', at_ms: 10 };
    const answer = await post(BOB.email as Email, { ...cognitive(BOB.id, bad), answers: [1, 2, 3, 4, 5] });
    expect(answer.status).toBe(400);
    expect(fields(answer).sort()).toEqual(
      ['body.answers', 'body.cognitive.trails_a.taps.3.at_ms', 'body.cognitive.trails_a.taps.3.target'].sort(),
    );
  });
});

describe('a shared risk result', () => {
  const input = {
    sex: 'female',
    age: 61,
    hdl_cholesterol: 52,
    total_cholesterol: 230,
    smoker: false,
    diabetic: false,
    treats_hypertension: true,
    systolic_bp: 138,
  };

  it('is shared by staff, computed by the server, and read by the client; a client cannot share one', async () => {
    const body = {
      id: randomUUID(),
      client_id: ALICE.id,
      type: 'cardiovascular_risk',
      taken_at: new Date().toISOString(),
    };
    const shared = await post('doctor', { ...body, cardiovascular_risk: input });
    expect(shared.status, JSON.stringify(shared.body)).toBe(201);
    // D'Agostino 2008, women: age 60-64 9, HDL 50-59 -1, total 200-239 3, treated 130-139 3: 14 points, 11.7 %.
    expect(shared.body.cardiovascular_risk_result).toEqual({
      points: 14,
      risk_percentage: 11.7,
      category: 'intermediate',
    });
    expect(shared.body).toMatchObject({ created_by: idOf('doctor'), created_by_name: 'Divya Rao' });
    const mine = await api<AssessmentList>('GET', '/assessments?type=cardiovascular_risk', {
      as: ALICE.email as Email,
    });
    expect(mine.body.results.map((result) => result.id)).toContain(body.id);
    const bySelf = await post(ALICE.email as Email, { ...body, id: randomUUID(), cardiovascular_risk: input });
    expect(bySelf.status).toBe(403);
  });
});
