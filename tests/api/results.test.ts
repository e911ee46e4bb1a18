/**
 * Lab results and advice over HTTP: values entered on the form or imported as
 * a lab's FHIR R4 bundle are checked against the table of
 * openapi/results/lab-tests.ts and flagged by the server; a refused bundle
 * names its entry and stores nothing; a client sees a result only once a
 * doctor released it (and "result pending" until then); reception sees only
 * that a result exists; advice written by a coach arrives once and the client
 * acknowledges it and ticks off its steps.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../scripts/demo/accounts.ts';
import { generateClients } from '../../scripts/demo/clients.ts';
import { CURRENT, api, stack, type Email, type Problem, type Schemas } from '../support/api-client.ts';
import { auditSince, newestAuditId } from '../support/audit-trail.ts';
import { lipidPanel } from '../support/lab-results.ts';

type Result = Schemas['Result'];
type ResultList = Schemas['ResultList'];
type Advice = Schemas['Advice'];

/** Consented generated clients 60 to 75, which no other file writes results or advice for. */
const [PRIYA, RAVI, SITA] = generateClients(stack.generatedClients)
  .slice(60, 75)
  .filter((client) => client.hipaaConsent && client.dateOfBirth !== null)
  .map((client) => ({
    id: client.id,
    lastName: client.lastName,
    dateOfBirth: client.dateOfBirth!,
    email: client.email as Email,
  })) as [Patient, Patient, Patient];

interface Patient {
  id: string;
  lastName: string;
  dateOfBirth: string;
  email: Email;
}

const fields = (answer: { body: Problem }) => answer.body.errors?.map((error) => error.field) ?? [];

function enter(body: unknown, as: Email | 'nurse' | 'doctor' | 'reception' = 'nurse') {
  return api<Result & Problem>('POST', '/results', { as, body });
}

function listOf(clientId: string, as: Email | 'nurse' | 'doctor' | 'reception' | 'coach' | 'admin') {
  return api<ResultList & Problem>('GET', `/results?client=${clientId}`, { as });
}

interface BundleOptions {
  family?: string;
  birthDate?: string;
  observations?: Record<string, unknown>[];
  reportId?: string;
}

/** A lab's report as a FHIR R4 bundle: the report, the patient and its observations. */
function bundle(client: Patient, options: BundleOptions = {}) {
  const observation = (code: string, value: number, unit: string) => ({
    resourceType: 'Observation',
    status: 'final',
    code: { coding: [{ system: 'http://loinc.org', code: code }] },
    effectiveDateTime: '2026-03-02T08:15:00+05:30',
    valueQuantity: { value, unit, system: 'http://unitsofmeasure.org', code: unit },
    referenceRange: code === '2093-3' ? [{ high: { value: 200, unit: 'mg/dL' } }] : undefined,
  });
  const observations = options.observations ?? [
    observation('2093-3', 232, 'mg/dL'),
    observation('2085-9', 38, 'mg/dL'),
    observation('13457-7', 151, 'mg/dL'),
    observation('2571-8', 190, 'mg/dL'),
  ];
  return {
    resourceType: 'Bundle',
    type: 'collection',
    entry: [
      {
        resource: {
          resourceType: 'DiagnosticReport',
          id: 'report-1',
          identifier: [{ system: 'https://apex.example/reports', value: options.reportId ?? randomUUID() }],
          status: 'final',
          code: { coding: [{ system: 'http://loinc.org', code: '24331-1' }] },
          effectiveDateTime: '2026-03-02T08:15:00+05:30',
          issued: '2026-03-03T11:00:00+05:30',
          performer: [{ display: 'Apex Diagnostics' }],
        },
      },
      {
        resource: {
          resourceType: 'Patient',
          identifier: [{ system: 'https://thrive.clinic/client', value: client.id }],
          name: [{ family: options.family ?? client.lastName, given: ['P'] }],
          birthDate: options.birthDate ?? client.dateOfBirth,
        },
      },
      ...observations.map((resource) => ({ resource })),
    ],
  };
}

function importFor(client: { id: string }, body: unknown, query = '') {
  return api<Result & Problem>('POST', `/results/import?client=${client.id}${query}`, { as: 'nurse', body });
}

describe('entering a result on the form', () => {
  it('flags each value against the table and marks a critical one', async () => {
    const answer = await enter(lipidPanel(PRIYA.id, { total: 248, hdl: 35, ldl: 80, tg: 1200 }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.observations?.map((o) => [o.loinc, o.flag])).toEqual([
      ['2093-3', 'high'],
      ['2085-9', 'low'],
      ['13457-7', 'normal'],
      ['2571-8', 'critical'],
    ]);
    expect(answer.body).toMatchObject({ critical: true, released: false, source: 'entered', test_name: 'Lipid panel' });
    expect(answer.headers.get('etag')).toBe('"1"');
  });

  it('refuses an impossible value, an unknown code and a wrong unit, naming each, and stores nothing', async () => {
    const before = await listOf(RAVI.id, 'nurse');
    const body = {
      ...lipidPanel(RAVI.id, { total: 20000, hdl: 40, ldl: 90, tg: 100 }),
      observations: [
        { loinc: '2093-3', value: 20000 },
        { loinc: '1234-5', value: 3 },
        { loinc: '2085-9', value: 1.2, unit: 'mmol/L' },
      ],
    };
    const answer = await enter(body);
    expect(answer.status).toBe(400);
    expect(fields(answer)).toEqual([
      'body.observations.0.value',
      'body.observations.1.loinc',
      'body.observations.2.unit',
    ]);
    expect(answer.body.errors?.[0]?.message).toMatch(/Total cholesterol of 20000 mg\/dL is not possible/);
    expect((await listOf(RAVI.id, 'nurse')).body.results).toEqual(before.body.results);
  });

  it('is entered by nurses and doctors, not by reception or a coach', async () => {
    expect((await enter(lipidPanel(RAVI.id, { total: 180, hdl: 50, ldl: 90, tg: 100 }), 'reception')).status).toBe(403);
    expect(
      (await api('POST', '/results', { as: 'coach', body: lipidPanel(RAVI.id, { total: 1, hdl: 1, ldl: 1, tg: 1 }) }))
        .status,
    ).toBe(403);
  });
});

describe('importing a lab report (FHIR R4)', () => {
  it('stores a valid bundle with the lab’s own range, and refuses the same report twice', async () => {
    const reportId = randomUUID();
    const answer = await importFor(RAVI, bundle(RAVI, { reportId }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({ source: 'imported', lab: 'Apex Diagnostics', released: false });
    expect(answer.body.observations?.[0]).toMatchObject({ loinc: '2093-3', value: 232, range_high: 200, flag: 'high' });
    expect(answer.body.observations?.[1]).toMatchObject({ loinc: '2085-9', range_low: 40, flag: 'low' });
    const again = await importFor(RAVI, bundle(RAVI, { reportId }));
    expect(again.status).toBe(409);
  });

  const cases: [string, (client: typeof SITA) => unknown, string][] = [
    [
      'an unknown code',
      (client) =>
        bundle(client, {
          observations: [
            {
              resourceType: 'Observation',
              status: 'final',
              code: { coding: [{ system: 'http://loinc.org', code: '9999-2' }] },
              valueQuantity: { value: 4, code: 'mg/dL', system: 'http://unitsofmeasure.org' },
            },
          ],
        }),
      'body.entry.2.resource.code',
    ],
    [
      'a value without a unit',
      (client) =>
        bundle(client, {
          observations: [
            {
              resourceType: 'Observation',
              status: 'final',
              code: { coding: [{ system: 'http://loinc.org', code: '2093-3' }] },
              valueQuantity: { value: 180 },
            },
          ],
        }),
      'body.entry.2.resource.valueQuantity.code',
    ],
    [
      'a patient who is not the client',
      (client) => bundle(client, { family: 'Somebody-Else' }),
      'body.entry.1.resource.name',
    ],
    [
      'a bundle that is not FHIR R4',
      (client) =>
        bundle(client, {
          observations: [
            {
              resourceType: 'Observation',
              status: 'final',
              code: { coding: [{ system: 'http://loinc.org', code: '2093-3' }] },
              valueQuantity: { value: 'two hundred', code: 'mg/dL' },
            },
          ],
        }),
      'body.entry.2.resource.valueQuantity.value',
    ],
  ];

  it.each(cases)('refuses %s with 400 naming the entry, and stores nothing', async (_name, make, field) => {
    const since = await newestAuditId();
    const answer = await importFor(SITA, make(SITA));
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(fields(answer)).toContain(field);
    expect((await listOf(SITA.id, 'nurse')).body.results).toEqual([]);
    const records = await auditSince(since, `action=results.import&subject_id=${SITA.id}`);
    expect(records.map((record) => record.outcome)).toEqual(['invalid']);
  });
});

describe('release to the client', () => {
  let appointmentId: string;
  let result: Result;

  beforeAll(async () => {
    const clinics = await api<Schemas['ClinicList']>('GET', '/clinics', { as: 'reception' });
    const bengaluru = clinics.body.results.find((clinic) => clinic.name === 'Thrive Bengaluru')!;
    const resources = await api<Schemas['ResourceList']>('GET', `/resources?clinic=${bengaluru.id}`, {
      as: 'reception',
    });
    const services = await api<Schemas['ServiceList']>('GET', '/services', { as: 'reception' });
    const booked = await api<Schemas['Appointment']>('POST', '/appointments', {
      as: 'reception',
      body: {
        client_id: PRIYA.id,
        resource_id: resources.body.results.find((resource) => resource.kind === 'test_room')!.id,
        service_id: services.body.results.find((service) => service.name === 'Fasting blood panel')!.id,
        starts_at: '2031-03-06T08:00:00+05:30',
      },
    });
    if (booked.status !== 201) throw new Error(`Booking the test failed: ${JSON.stringify(booked.body)}`);
    appointmentId = booked.body.id;
    const checkedIn = await api('PATCH', `/appointments/${appointmentId}`, {
      as: 'reception',
      ifMatch: CURRENT,
      body: { status: 'checked_in' },
    });
    if (checkedIn.status !== 200) throw new Error(`Check-in failed: ${JSON.stringify(checkedIn.body)}`);
  });

  it('shows "result pending" for the booking until a result arrives, to the client until it is released', async () => {
    const pendingBefore = await listOf(PRIYA.id, PRIYA.email);
    expect(pendingBefore.body.pending).toEqual([
      expect.objectContaining({
        appointment_id: appointmentId,
        test_name: 'Fasting blood panel',
        panels: ['lipid', 'hba1c', 'glucose'],
      }),
    ]);
    const entered = await enter({
      ...lipidPanel(PRIYA.id, { total: 210, hdl: 45, ldl: 120, tg: 140 }),
      appointment_id: appointmentId,
    });
    expect(entered.status).toBe(201);
    result = entered.body;
    expect((await listOf(PRIYA.id, 'nurse')).body.pending).toEqual([]);
    expect((await listOf(PRIYA.id, PRIYA.email)).body.pending.map((p) => p.appointment_id)).toEqual([appointmentId]);
  });

  it('keeps an unreleased result from the client, in the list and by its id', async () => {
    const mine = await listOf(PRIYA.id, PRIYA.email);
    expect(mine.status).toBe(200);
    expect(mine.body.results).toEqual([]);
    expect((await api('GET', `/results/${result.id}`, { as: PRIYA.email })).status).toBe(404);
    expect((await api<ResultList>('GET', '/results', { as: PRIYA.email })).body.results).toEqual([]);
  });

  it('is released by a doctor only, on the version reviewed, once', async () => {
    const byNurse = await api('POST', `/results/${result.id}/release`, {
      as: 'nurse',
      ifMatch: '"1"',
      body: { note: null },
    });
    expect(byNurse.status).toBe(403);
    const unnamed = await api('POST', `/results/${result.id}/release`, { as: 'doctor', body: { note: null } });
    expect(unnamed.status).toBe(428);
    const stale = await api('POST', `/results/${result.id}/release`, {
      as: 'doctor',
      ifMatch: '"7"',
      body: { note: null },
    });
    expect(stale.status).toBe(412);
    const note = 'Your cholesterol is a little high: we will talk about food at your next visit.';
    const released = await api<Result>('POST', `/results/${result.id}/release`, {
      as: 'doctor',
      ifMatch: '"1"',
      body: { note },
    });
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ released: true, release_note: note, version: 2 });
    expect(released.body.released_by_name).toBe(
      `${demoAccount('doctor@thrive.test').firstName} ${demoAccount('doctor@thrive.test').lastName}`,
    );
    const twice = await api('POST', `/results/${result.id}/release`, {
      as: 'doctor',
      ifMatch: '"2"',
      body: { note: null },
    });
    expect(twice.status).toBe(409);
  });

  it('then shows it to the client with its values and ranges, and no longer as pending', async () => {
    const mine = await listOf(PRIYA.id, PRIYA.email);
    expect(mine.body.pending).toEqual([]);
    expect(mine.body.results.map((item) => item.id)).toContain(result.id);
    const shown = mine.body.results.find((item) => item.id === result.id)!;
    expect(shown.observations?.[0]).toMatchObject({
      label: 'Total cholesterol',
      value: 210,
      range_high: 199,
      flag: 'high',
    });
  });

  it('shows reception that a result exists and whether it is released, nothing clinical', async () => {
    const seen = await listOf(PRIYA.id, 'reception');
    expect(seen.status).toBe(200);
    const shown = seen.body.results.find((item) => item.id === result.id)!;
    expect(Object.keys(shown).sort()).toEqual(
      [
        'appointment_id',
        'client_id',
        'client_name',
        'collected_at',
        'id',
        'received_at',
        'released',
        'released_at',
        'test_name',
        'version',
      ].sort(),
    );
    expect((await api('GET', '/results?critical=true', { as: 'reception' })).status).toBe(403);
    expect((await listOf(PRIYA.id, 'admin')).status).toBe(403);
  });

  it('shows a coach released results only, with their values', async () => {
    const seen = await listOf(PRIYA.id, 'coach');
    expect(seen.status).toBe(200);
    expect(seen.body.results.every((item) => item.released)).toBe(true);
    expect(seen.body.results.find((item) => item.id === result.id)?.observations).toHaveLength(4);
  });

  it('records every read and the release in the audit trail', async () => {
    const since = await newestAuditId();
    await api('GET', `/results/${result.id}`, { as: 'doctor' });
    const records = await auditSince(since, `action=results.read&subject_id=${PRIYA.id}`);
    expect(records.filter((record) => record.resource_id === result.id)).toEqual([
      expect.objectContaining({ outcome: 'success', subject_id: PRIYA.id }),
    ]);
    const releases = await auditSince(0, `action=results.release&subject_id=${PRIYA.id}`);
    expect(releases.filter((record) => record.resource_id === result.id).map((record) => record.outcome)).toContain(
      'success',
    );
  });
});

describe('advice', () => {
  const stepIds = [randomUUID(), randomUUID()];
  const written = {
    id: randomUUID(),
    client_id: RAVI.id,
    category: 'nutrition',
    title: 'Two portions of oily fish a week',
    why: 'Your triglycerides were high; omega-3 fats bring them down.',
    steps: [
      { id: stepIds[0], text: 'Salmon or mackerel on Monday' },
      { id: stepIds[1], text: 'Sardines on Thursday' },
    ],
    review_on: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  };

  it('written offline by a coach arrives once, however often the outbox sends it', async () => {
    const first = await api<Advice>('POST', '/advices', { as: 'coach', body: written });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const resent = await api<Advice>('POST', '/advices', { as: 'coach', body: written });
    expect(resent.status).toBe(200);
    expect(resent.body.id).toBe(written.id);
    const changed = await api('POST', '/advices', { as: 'coach', body: { ...written, title: 'Something else' } });
    expect(changed.status).toBe(409);
    const mine = await api<Schemas['AdviceList']>('GET', '/advices', { as: RAVI.email });
    expect(mine.body.results.filter((advice) => advice.id === written.id)).toHaveLength(1);
  });

  it('is acknowledged by the client and its steps ticked off, on the version read', async () => {
    const acknowledged = await api<Advice>('PATCH', `/advices/${written.id}`, {
      as: RAVI.email,
      ifMatch: '"1"',
      body: { acknowledged: true, done: { [stepIds[0]!]: true } },
    });
    expect(acknowledged.status, JSON.stringify(acknowledged.body)).toBe(200);
    expect(acknowledged.body.acknowledged_at).not.toBeNull();
    expect(acknowledged.body.steps.map((step) => step.done_at !== null)).toEqual([true, false]);
    const stale = await api('PATCH', `/advices/${written.id}`, {
      as: RAVI.email,
      ifMatch: '"1"',
      body: { acknowledged: true },
    });
    expect(stale.status).toBe(412);
  });

  it('lets the client change nothing but its acknowledgement and steps, and nobody else follow it', async () => {
    const retitled = await api<Problem>('PATCH', `/advices/${written.id}`, {
      as: RAVI.email,
      ifMatch: CURRENT,
      body: { title: 'Chips' },
    });
    expect(retitled.status).toBe(403);
    expect(fields(retitled)).toEqual(['body.title']);
    const byCoach = await api<Problem>('PATCH', `/advices/${written.id}`, {
      as: 'coach',
      ifMatch: CURRENT,
      body: { acknowledged: true },
    });
    expect(byCoach.status).toBe(403);
  });

  it('is written by doctors, coaches and nutritionists, read by the care team, not by reception', async () => {
    const byNurse = await api('POST', '/advices', { as: 'nurse', body: { ...written, id: randomUUID() } });
    expect(byNurse.status).toBe(403);
    expect((await api('GET', `/advices?client=${RAVI.id}`, { as: 'nurse' })).status).toBe(200);
    expect((await api('GET', `/advices?client=${RAVI.id}`, { as: 'reception' })).status).toBe(403);
    expect((await api('GET', `/advices?client=${PRIYA.id}`, { as: RAVI.email })).status).toBe(403);
  });

  it('lists what is due for review by a day, the author’s own with author=me', async () => {
    const dueLater = await api<Schemas['AdviceList']>('GET', `/advices?due_by=${written.review_on}&author=me`, {
      as: 'coach',
    });
    expect(dueLater.body.results.map((advice) => advice.id)).toContain(written.id);
    const dueToday = await api<Schemas['AdviceList']>('GET', `/advices?due_by=2026-01-01&author=me`, { as: 'coach' });
    expect(dueToday.body.results.map((advice) => advice.id)).not.toContain(written.id);
  });
});
