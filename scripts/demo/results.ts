/**
 * The demo's lab results and advice, written with the demo week (so their
 * dates move with it):
 * - client2@ has a year of released lipid panels with HbA1c and glucose (a
 *   trend that improves; the latest with the lab's original report, a PDF
 *   written here and sealed as the API seals one), a vitamin panel with low
 *   vitamin D, and a Fasting blood panel taken two days ago whose result is
 *   pending;
 * - a generated client (LAB_CLIENT) had a Fasting blood panel yesterday, its
 *   result pending, and an earlier lipid panel to make a trend once the lab's
 *   report is imported and released, and a nutritionist's advice to follow;
 * - another (CRITICAL_CLIENT) has yesterday's result with a critical glucose,
 *   not yet reviewed, which the hub's 'Critical lab values' shows.
 * Values are flagged with the contract's own table, as the server would. The
 * results are the partner lab's reports (imported), marked by their report id
 * so each new day replaces them; advice is written once and kept (a client's
 * acknowledgement stays).
 */
import { labFlag, labMeasure } from '@contract';
import type { Queryable } from '../../server/db/database.ts';
import type { ReportFiles } from '../../server/results/report-files.ts';
import { saveReport } from '../../server/results/report-store.ts';
import { demoAccount, type DemoAccount } from './accounts.ts';
import { minimalPdf } from './report-pdf.ts';
import { DEMO_BOOKER } from './schedule.ts';
import { stableUuid } from './stable-id.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const LAB = 'Apex Diagnostics';
/** The report ids of the demo's results begin so: each new day's demo replaces them. */
const DEMO_REPORT = 'thrive-demo:';

/** client-0029@thrive.test: a lipid panel taken yesterday whose result is pending (the results e2e spec). */
export const LAB_CLIENT = 28;
/** client-0016@thrive.test: a critical fasting glucose yesterday. */
export const CRITICAL_CLIENT = 15;

type Values = Readonly<Record<string, number>>;

interface PlannedResult {
  key: string;
  client_id: string;
  appointment_key: string | null;
  collected_at: string;
  released_at: string | null;
  release_note: string | null;
  values: Values;
  /** The lab's original report (PDF) attached, made from the values: whose name it carries. */
  report?: { patient: string };
}

interface PlannedBooking {
  key: string;
  client_id: string;
  /** Days before today, at 07:00 at the clinic (its first hour, so the demo week rarely holds it). */
  days_ago: number;
}

interface PlannedAdvice {
  key: string;
  client_id: string;
  author: string;
  category: 'nutrition' | 'movement' | 'sleep' | 'supplement' | 'therapy';
  title: string;
  why: string;
  steps: string[];
  review_in_days: number;
}

export interface DemoResultsPlan {
  bookings: PlannedBooking[];
  results: PlannedResult[];
  advices: PlannedAdvice[];
  now: Date;
}

const lipids = (total: number, hdl: number, ldl: number, tg: number): Values => ({
  '2093-3': total,
  '2085-9': hdl,
  '13457-7': ldl,
  '2571-8': tg,
});

const daysAgo = (now: Date, days: number, hour = 2.5) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - days * DAY_MS + hour * 3_600_000);

export function planDemoResults(now: Date, featured: DemoAccount, clients: readonly DemoAccount[]): DemoResultsPlan {
  const results: PlannedResult[] = [];
  const released = (days: number) => daysAgo(now, days - 2, 6).toISOString();
  const history: [days: number, values: Values, note: string | null][] = [
    [330, { ...lipids(246, 38, 168, 210), '4548-4': 5.9, '1558-6': 104 }, null],
    [180, { ...lipids(228, 42, 150, 180), '4548-4': 5.8, '1558-6': 101 }, null],
    [
      90,
      { ...lipids(214, 45, 136, 160), '4548-4': 5.6, '1558-6': 97 },
      'Good progress: your LDL is down a third since last year. Keep up the walking and the oily fish.',
    ],
  ];
  for (const [days, values, note] of history) {
    results.push({
      key: `featured-${days}`,
      client_id: featured.id,
      appointment_key: null,
      collected_at: daysAgo(now, days).toISOString(),
      released_at: released(days),
      release_note: note,
      values,
      // The latest panel comes with the lab's own PDF, which the portal offers to download.
      ...(days === 90 ? { report: { patient: `${featured.firstName} ${featured.lastName}` } } : {}),
    });
  }
  results.push({
    key: 'featured-vitamins',
    client_id: featured.id,
    appointment_key: null,
    collected_at: daysAgo(now, 88).toISOString(),
    released_at: released(88),
    release_note: 'Your vitamin D is low: our nutritionist has left you advice on it.',
    values: { '1989-3': 22, '2132-9': 410, '2284-8': 9.4, '2276-4': 64, '19123-9': 2 },
  });
  const bookings: PlannedBooking[] = [{ key: 'featured-panel', client_id: featured.id, days_ago: 2 }];
  const advices: PlannedAdvice[] = [
    {
      key: 'featured-vitamin-d',
      client_id: featured.id,
      author: demoAccount('nutrition@thrive.test').id,
      category: 'supplement',
      title: 'Vitamin D3, 2,000 IU a day with breakfast',
      why: 'Your vitamin D was 22 ng/mL, below the healthy range of 30 or more. A daily supplement with a meal brings it up within three months.',
      steps: [
        'Buy vitamin D3 (2,000 IU)',
        'Take it with breakfast every day',
        'Fifteen minutes of morning sun when you can',
      ],
      review_in_days: 10,
    },
    {
      key: 'featured-walk',
      client_id: featured.id,
      author: demoAccount('coach@thrive.test').id,
      category: 'movement',
      title: 'A 30-minute walk after dinner',
      why: 'Walking after your evening meal lowers the rise in blood sugar and helps your HDL cholesterol.',
      steps: ['Monday', 'Wednesday', 'Friday', 'Sunday'],
      review_in_days: -1,
    },
  ];
  const labClient = clients[LAB_CLIENT];
  if (labClient) {
    bookings.push({ key: 'lab-client-panel', client_id: labClient.id, days_ago: 1 });
    results.push({
      key: 'lab-client-earlier',
      client_id: labClient.id,
      appointment_key: null,
      collected_at: daysAgo(now, 200).toISOString(),
      released_at: released(200),
      release_note: null,
      values: { ...lipids(238, 41, 158, 195), '4548-4': 5.9, '1558-6': 103 },
    });
    advices.push({
      key: 'lab-client-millets',
      client_id: labClient.id,
      author: demoAccount('nutrition@thrive.test').id,
      category: 'nutrition',
      title: 'Millets instead of white rice, four days a week',
      why: 'Your fasting glucose and HbA1c are just above the normal range. Whole grains like ragi and jowar raise blood sugar more slowly than white rice.',
      steps: ['Ragi dosa for breakfast', 'Jowar roti with dinner', 'A handful of nuts instead of biscuits'],
      review_in_days: 21,
    });
  }
  const critical = clients[CRITICAL_CLIENT];
  if (critical) {
    results.push({
      key: 'critical-glucose',
      client_id: critical.id,
      appointment_key: null,
      collected_at: daysAgo(now, 1).toISOString(),
      released_at: null,
      release_note: null,
      values: { '1558-6': 432, '20448-7': 31.2 },
    });
  }
  return { bookings, results, advices, now };
}

/** A completed partner-test booking at Thrive Bengaluru's test room, at its first free early time; its id or null. */
async function writeBooking(tx: Queryable, booking: PlannedBooking, now: Date): Promise<string | null> {
  const id = stableUuid(`thrive-demo-lab-booking:${booking.key}:${now.toISOString().slice(0, 10)}`);
  for (const hour of ['07:00', '07:30', '20:00', '20:30']) {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO appointments (id, client_id, resource_id, service_id, staff_id, starts_at, duration, status,
                                 created_by, checked_in_at, started_at, completed_at)
       SELECT $1, $2, r.id, s.id, NULL, t.at, s.default_duration, 'completed', $3, t.at, t.at,
              t.at + s.default_duration
       FROM resources r JOIN clinics c ON c.id = r.clinic_id, services s,
            LATERAL (SELECT (($4::date - $5::int) + $6::time) AT TIME ZONE c.time_zone AS at) t
       WHERE c.name = 'Thrive Bengaluru' AND r.kind = 'test_room' AND s.name = 'Fasting blood panel'
       ON CONFLICT DO NOTHING RETURNING id`,
      [id, booking.client_id, DEMO_BOOKER, now.toISOString().slice(0, 10), booking.days_ago, hour],
    );
    if (row) return row.id;
  }
  return null;
}

function observationsOf(values: Values) {
  return Object.entries(values).map(([loinc, value], position) => {
    const measure = labMeasure(loinc);
    if (!measure) throw new Error(`The demo names LOINC ${loinc}, which the table does not hold`);
    return {
      position,
      loinc,
      value,
      unit: measure.unit,
      range_low: measure.range.low,
      range_high: measure.range.high,
      flag: labFlag(measure, value),
    };
  });
}

/** The lab's report of a demo result as its PDF: the values against their ranges, as a lab prints them. */
export function demoReportPdf(result: PlannedResult, patient: string): Buffer {
  const lines = Object.entries(result.values).map(([loinc, value]) => {
    const measure = labMeasure(loinc)!;
    const { low, high } = measure.range;
    const range =
      low !== null && high !== null ? `${low}-${high}` : low !== null ? `${low} or more` : `${high} or less`;
    return `${measure.label}: ${value} ${measure.unit}   (reference ${range})   LOINC ${loinc}`;
  });
  return minimalPdf([
    `${LAB}: laboratory report`,
    `Patient: ${patient}`,
    `Sample taken: ${result.collected_at.slice(0, 10)}`,
    '',
    ...lines,
    '',
    'Demo data made by Thrive: not a real patient or a real result.',
  ]);
}

/**
 * Replaces the demo's results (and adds its advice where missing); returns how many results were written. A
 * result's report is kept where `reportFiles` keeps the API's (the stack's key: scripts/stack/report-files-key.ts).
 */
export async function writeDemoResults(
  tx: Queryable,
  plan: DemoResultsPlan,
  reportFiles: ReportFiles,
): Promise<number> {
  await tx.query(`DELETE FROM lab_results WHERE source_ref LIKE $1`, [`${DEMO_REPORT}%`]);
  for (const booking of plan.bookings) await writeBooking(tx, booking, plan.now);
  const nurse = demoAccount('nurse@thrive.test').id;
  const doctor = demoAccount('doctor@thrive.test').id;
  for (const result of plan.results) {
    const id = stableUuid(`thrive-demo-lab-result:${result.key}`);
    const observations = observationsOf(result.values);
    await tx.query(
      `INSERT INTO lab_results (id, client_id, source, source_ref, lab, collected_at, reported_at, critical, created_by,
                                created_at, released_at, released_by, release_note)
       VALUES ($1, $2, 'imported', $3, $4, $5, $5::timestamptz + interval '1 day', $6, $7,
               $5::timestamptz + interval '1 day', $8, $9, $10)`,
      [
        id,
        result.client_id,
        `${DEMO_REPORT}${result.key}`,
        LAB,
        result.collected_at,
        observations.some((observation) => observation.flag === 'critical'),
        nurse,
        result.released_at,
        result.released_at === null ? null : doctor,
        result.release_note,
      ],
    );
    await tx.query(
      `INSERT INTO lab_observations (result_id, position, loinc, value, unit, range_low, range_high, flag)
       SELECT $1, x.position, x.loinc, x.value, x.unit, x.range_low, x.range_high, x.flag
       FROM jsonb_to_recordset($2::jsonb) AS x(position int, loinc text, value numeric, unit text,
                                               range_low numeric, range_high numeric, flag text)`,
      [id, JSON.stringify(observations)],
    );
    if (result.report) {
      const pdf = demoReportPdf(result, result.report.patient);
      await saveReport(tx, {
        resultId: id,
        sizeBytes: pdf.length,
        attachedBy: nurse,
        deviceId: null,
        stored: await reportFiles.store(id, pdf),
      });
    }
  }
  for (const advice of plan.advices) {
    const steps = advice.steps.map((text, index) => ({
      id: stableUuid(`thrive-demo-advice-step:${advice.key}:${index}`),
      text,
      done_at: null,
    }));
    await tx.query(
      `INSERT INTO advices (id, client_id, author_id, category, title, why, steps, review_on, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, ($8::date + $9::int), $10, $10)
       ON CONFLICT (id) DO NOTHING`,
      [
        stableUuid(`thrive-demo-advice:${advice.key}`),
        advice.client_id,
        advice.author,
        advice.category,
        advice.title,
        advice.why,
        JSON.stringify(steps),
        plan.now.toISOString().slice(0, 10),
        advice.review_in_days,
        daysAgo(plan.now, 3).toISOString(),
      ],
    );
  }
  return plan.results.length;
}
