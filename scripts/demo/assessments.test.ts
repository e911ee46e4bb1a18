import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessmentProblems, thriveCheckDue } from '@contract';
import type { Database } from '../../server/db/database.ts';
import { openTestDatabase } from '../../server/db/test-database.ts';
import { demoAccount } from './accounts.ts';
import { LOW_WELLBEING_CLIENT, planDemoAssessments, writeDemoAssessments } from './assessments.ts';
import { generateClients } from './clients.ts';
import { seedDatabase } from './seed-database.ts';

const now = new Date('2031-03-04T08:30:00Z');
const featured = demoAccount('client2@thrive.test');
const low = generateClients(50)[LOW_WELLBEING_CLIENT]!;
const planned = planDemoAssessments(now, featured, low);

describe('the demo results', () => {
  it('are results the server would take, scored as it scores them', () => {
    for (const result of planned) {
      const body = {
        id: result.id,
        client_id: result.client_id,
        type: result.type,
        taken_at: result.taken_at,
        ...(result.answers ? { answers: result.answers } : {}),
        ...(result.record ? { cognitive: result.record } : {}),
      };
      expect(assessmentProblems(body), result.id).toEqual([]);
    }
  });

  it('give client2 a check due again, with a rise of 12 points last time, and a complete baseline', () => {
    const checks = planned.filter((result) => result.client_id === featured.id && result.type === 'who5');
    expect(checks.map((check) => check.score)).toEqual([56, 52, 60, 68, 80]);
    expect(thriveCheckDue(checks.at(-1)!.taken_at, now)).toBe(true);
    const baseline = planned.find((result) => result.type === 'cognitive');
    expect(baseline).toMatchObject({ client_id: featured.id, complete: true, baseline: true });
    expect(baseline?.scores).toMatchObject({ digit_span_forward: 6, digit_span_backward: 4, words_immediate: 7 });
  });

  it('give a consenting generated client a very low check three days ago, for the hub', () => {
    expect(low.hipaaConsent).toBe(true);
    const newest = planned.filter((result) => result.client_id === low.id).at(-1);
    expect(newest).toMatchObject({ score: 16, alert: true });
  });
});

describe('writing them', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
    await seedDatabase(db, [featured, low]);
  }, 60_000);
  afterAll(async () => {
    await db.close();
  });

  it('replaces the demo’s own results when written again, and leaves a baseline of the client’s own alone', async () => {
    expect(await db.transaction((tx) => writeDemoAssessments(tx, planned))).toBe(planned.length);
    expect(await db.transaction((tx) => writeDemoAssessments(tx, planned))).toBe(planned.length);
    const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM assessments');
    expect(count?.n).toBe(planned.length);
    const baselines = await db.query<{ id: string }>('SELECT id FROM assessments WHERE baseline');
    expect(baselines).toHaveLength(1);
  });
});
