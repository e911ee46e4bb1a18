/**
 * Therapy visits over HTTP: drafts created once however often they are sent,
 * If-Match on every later save, entries attributed to the token's subject,
 * sign-off that locks, addenda that only append, clients reading only their
 * own signed visits, and the appointment a visit charts moving with it.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { exampleVisit } from '@contract';
import { demoClientEmail } from '../../scripts/demo/clients.ts';
import { stableUuid } from '../../scripts/demo/stable-id.ts';
import { api, idOf, type Actor, type Problem, type Schemas } from '../support/api-client.ts';
import { auditSince, newestAuditId } from '../support/audit-trail.ts';

/** A visit as the roles that chart it read it: the whole record (resource-fields.ts). */
type Visit = Required<Schemas['Visit']>;
type VisitDraft = Schemas['VisitDraft'];
type Therapy = Schemas['VisitTherapy'];

/** The id of generated demo client number n (the suite seeds 120); these tests chart clients 60 to 79. */
const clientId = (n: number) => stableUuid(`thrive-demo:${demoClientEmail(n)}`);

function put(id: string, draft: VisitDraft, options: { as?: Actor; ifMatch?: string; key?: string } = {}) {
  return api<Visit & Problem>('PUT', `/visits/${id}`, {
    as: options.as ?? 'nurse',
    body: draft,
    ...(options.ifMatch === undefined ? {} : { ifMatch: options.ifMatch }),
    ...(options.key === undefined ? {} : { headers: { 'idempotency-key': options.key } }),
  });
}

function sign(id: string, version: number, as: Actor = 'nurse') {
  return api<Visit & Problem>('POST', `/visits/${id}/sign`, {
    as,
    ifMatch: `"${version}"`,
    body: { signed_on_device_at: new Date().toISOString() },
  });
}

/** A started visit of `therapy` for client n: its id and the server's answer. */
async function started(therapy: Therapy, n: number, draft?: Partial<VisitDraft>) {
  const id = randomUUID();
  const answer = await put(id, { ...exampleVisit(therapy, { clientId: clientId(n) }), ...draft });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id, visit: answer.body };
}

describe('a draft', () => {
  it('is created once, however often the same creation is sent', async () => {
    const id = randomUUID();
    const key = randomUUID();
    const draft = exampleVisit('iv', { clientId: clientId(60) });
    const first = await put(id, draft, { key });
    const again = await put(id, draft, { key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    // Without its key, a second creation meets the visit and must say which version it changes.
    expect((await put(id, draft)).status).toBe(428);
    const listed = await api<Schemas['VisitList']>('GET', `/visits?client=${clientId(60)}`, { as: 'nurse' });
    expect(listed.body.results.filter((visit) => visit.id === id)).toHaveLength(1);
  });

  it('is replaced only on the version it was edited from; a stale one gets 412 and changes nothing', async () => {
    const { id, visit } = await started('hbot', 61);
    const edited = await put(
      id,
      { ...exampleVisit('hbot', { clientId: clientId(61) }), notes: 'First edit' },
      {
        ifMatch: `"${visit.version}"`,
      },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.version).toBe(visit.version + 1);
    const stale = await put(
      id,
      { ...exampleVisit('hbot', { clientId: clientId(61) }), notes: 'Second edit' },
      {
        ifMatch: `"${visit.version}"`,
      },
    );
    expect(stale.status).toBe(412);
    expect(stale.body.current_version).toBe(visit.version + 1);
    expect((stale.body.current as Visit).notes).toBe('First edit');
    const now = await api<Visit>('GET', `/visits/${id}`, { as: 'nurse' });
    expect(now.body.notes).toBe('First edit');
    expect(now.headers.get('etag')).toBe(`"${visit.version + 1}"`);
  });

  it('attributes each entry and field to whoever sent it, not to anyone the body names', async () => {
    const { id, visit } = await started('iv', 62);
    const nurse = idOf('nurse');
    const doctor = idOf('doctor');
    expect(visit.created_by).toBe(nurse);
    for (const entry of visit.vitals) expect(visit.attributions[entry.id]?.by).toBe(nurse);
    expect(visit.attributions['iv.volume_ml']?.by).toBe(nurse);

    const draft: VisitDraft = {
      ...exampleVisit('iv', { clientId: clientId(62) }),
      vitals: [
        ...visit.vitals,
        { id: randomUUID(), phase: 'during', taken_at: new Date().toISOString(), heart_rate: 80 },
      ],
      iv: { ...visit.iv, volume_ml: 250 },
    };
    const byDoctor = await put(id, draft, { as: 'doctor', ifMatch: `"${visit.version}"` });
    expect(byDoctor.status, JSON.stringify(byDoctor.body)).toBe(200);
    const [before, after, during] = byDoctor.body.vitals;
    expect(byDoctor.body.attributions[before!.id]?.by).toBe(nurse);
    expect(byDoctor.body.attributions[after!.id]?.by).toBe(nurse);
    expect(byDoctor.body.attributions[during!.id]?.by).toBe(doctor);
    expect(byDoctor.body.attributions['iv.volume_ml']?.by).toBe(doctor);
    expect(byDoctor.body.attributions['iv.formula']?.by).toBe(nurse);
    expect(byDoctor.body.people[doctor]).toBe('Divya Rao');

    const claimed = await api<Problem>('PUT', `/visits/${id}`, {
      as: 'doctor',
      ifMatch: `"${byDoctor.body.version}"`,
      body: { ...draft, vitals: [{ ...draft.vitals![0]!, recorded_by: nurse }] },
    });
    expect(claimed.status).toBe(400);
  });

  it('refuses values out of range, another therapy’s fields and an expired lot, each named', async () => {
    const draft = exampleVisit('iv', { clientId: clientId(63) });
    const answer = await put(randomUUID(), {
      ...draft,
      vitals: [{ ...draft.vitals![0]!, systolic: 1200 }],
      iv: {
        ...draft.iv,
        volume_ml: 5,
        additives: [{ ...draft.iv!.additives![0]!, expiry: '2020-01-31' }],
      },
      fir: { minutes: 20 },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.map((error) => error.field).sort()).toEqual(
      ['body.fir', 'body.iv.additives.0.expiry', 'body.iv.volume_ml', 'body.vitals.0.systolic'].sort(),
    );
    expect(answer.body.errors?.find((error) => error.field === 'body.iv.additives.0.expiry')?.message).toBe(
      'This lot expired on 2020-01-31: do not use it.',
    );
  });

  it('lets only a nurse or a doctor chart, and so record why a visit goes ahead after a positive screen', async () => {
    const draft = exampleVisit('pet', { clientId: clientId(64) });
    const screened = {
      ...draft,
      contraindications: {
        answers: { ...draft.contraindications!.answers, implant: true },
        override_reason: 'Insulin pump removed for the session, as agreed with Dr Rao.',
      },
    };
    for (const as of ['reception', 'coach', 'nutrition'] as const) {
      const refused = await put(randomUUID(), screened, { as });
      expect(refused.status, as).toBe(403);
      expect(refused.body.errors?.[0]?.field, as).toBe('body.client_id');
    }
    expect((await put(randomUUID(), screened, { as: 'nurse' })).status).toBe(201);
    expect((await put(randomUUID(), screened, { as: 'doctor' })).status).toBe(201);
  });
});

describe('signing', () => {
  it('locks the visit: no later save, no second signature', async () => {
    const { id, visit } = await started('red_light', 65);
    const signed = await sign(id, visit.version);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body).toMatchObject({ state: 'signed', signed_by: idOf('nurse') });
    expect(signed.body.content_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(signed.body.derived.dose_j_cm2).toBe(30);

    const afterwards = await put(id, exampleVisit('red_light', { clientId: clientId(65) }), {
      ifMatch: `"${signed.body.version}"`,
    });
    expect(afterwards.status).toBe(409);
    expect((await sign(id, signed.body.version)).status).toBe(409);
    expect((await api<Visit>('GET', `/visits/${id}`, { as: 'nurse' })).body.content_hash).toBe(
      signed.body.content_hash,
    );
  });

  it('names everything still missing, and signs nothing', async () => {
    const draft = exampleVisit('hbot', { clientId: clientId(66) });
    const { id, visit } = await started('hbot', 66, {
      vitals: draft.vitals!.filter((entry) => entry.phase === 'before'),
      hbot: { ...draft.hbot, pressure_ata: null, diabetic: true },
      contraindications: {
        answers: { ...draft.contraindications!.answers, claustrophobia: true },
        override_reason: null,
      },
    });
    const refused = await sign(id, visit.version);
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.map((error) => error.field).sort()).toEqual(
      [
        'contraindications.override_reason',
        'hbot.glucose_after',
        'hbot.glucose_before',
        'hbot.pressure_ata',
        'vitals',
      ].sort(),
    );
    expect((await api<Visit>('GET', `/visits/${id}`, { as: 'nurse' })).body.state).toBe('draft');
  });

  it('needs the version signed', async () => {
    const { id, visit } = await started('fir', 67);
    expect(
      (
        await api('POST', `/visits/${id}/sign`, {
          as: 'nurse',
          body: { signed_on_device_at: new Date().toISOString() },
        })
      ).status,
    ).toBe(428);
    const wildcard = await api('POST', `/visits/${id}/sign`, {
      as: 'nurse',
      ifMatch: '*',
      body: { signed_on_device_at: new Date().toISOString() },
    });
    expect(wildcard.status).toBe(428);
    expect((await sign(id, visit.version + 5)).status).toBe(412);
  });
});

describe('addenda', () => {
  it('append to a signed visit in order and are never changed; a draft gets none', async () => {
    const { id, visit } = await started('fir', 68);
    const onDraft = await api('POST', `/visits/${id}/addenda`, {
      as: 'nurse',
      body: { id: randomUUID(), text: 'Too early' },
    });
    expect(onDraft.status).toBe(409);
    const signed = await sign(id, visit.version);
    const first = randomUUID();
    const one = await api<Visit>('POST', `/visits/${id}/addenda`, {
      as: 'nurse',
      body: { id: first, text: 'Weight after was 71.9 kg, not 72.0 kg.' },
    });
    expect(one.status).toBe(201);
    const two = await api<Visit>('POST', `/visits/${id}/addenda`, {
      as: 'doctor',
      body: { id: randomUUID(), text: 'Reviewed.' },
    });
    expect(two.body.addenda.map((addendum) => [addendum.text, addendum.author_id])).toEqual([
      ['Weight after was 71.9 kg, not 72.0 kg.', idOf('nurse')],
      ['Reviewed.', idOf('doctor')],
    ]);
    // The same id again is refused, not applied twice or changed.
    const reused = await api('POST', `/visits/${id}/addenda`, { as: 'nurse', body: { id: first, text: 'Changed' } });
    expect(reused.status).toBe(409);
    expect(two.body.content_hash).toBe(signed.body.content_hash);
    expect(two.body.fir).toEqual(signed.body.fir);
  });
});

describe('a visit started from an appointment', () => {
  let appointment: Schemas['Appointment'];

  beforeAll(async () => {
    const clinics = await api<Schemas['ClinicList']>('GET', '/clinics', { as: 'reception' });
    const bengaluru = clinics.body.results.find((clinic) => clinic.name === 'Thrive Bengaluru')!;
    const resources = await api<Schemas['ResourceList']>('GET', `/resources?clinic=${bengaluru.id}`, {
      as: 'reception',
    });
    const services = await api<Schemas['ServiceList']>('GET', '/services', { as: 'reception' });
    const chair = resources.body.results.find((resource) => resource.name === 'IV chair 4')!;
    const drip = services.body.results.find((service) => service.therapy_kind === 'iv')!;
    // A Tuesday well ahead, at 10:00 in Bengaluru.
    const booked = await api<Schemas['Appointment']>('POST', '/appointments', {
      as: 'reception',
      body: {
        client_id: clientId(69),
        resource_id: chair.id,
        service_id: drip.id,
        starts_at: '2031-03-04T10:00:00+05:30',
      },
    });
    if (booked.status !== 201) throw new Error(`Booking for the visit tests failed: ${JSON.stringify(booked.body)}`);
    appointment = booked.body;
  });

  it('moves the appointment to in progress, and signing completes it', async () => {
    const id = randomUUID();
    const created = await put(id, exampleVisit('iv', { clientId: clientId(69), appointmentId: appointment.id }));
    expect(created.status).toBe(201);
    expect(created.body.clinic_name).toBe('Thrive Bengaluru');
    const during = await api<Schemas['Appointment']>('GET', `/appointments/${appointment.id}`, { as: 'nurse' });
    expect(during.body.status).toBe('in_progress');
    expect((await sign(id, created.body.version)).status).toBe(200);
    const after = await api<Schemas['Appointment']>('GET', `/appointments/${appointment.id}`, { as: 'nurse' });
    expect(after.body.status).toBe('completed');
    const listed = await api<Schemas['VisitList']>('GET', `/visits?appointment=${appointment.id}`, { as: 'reception' });
    expect(listed.body.results.map((visit) => visit.id)).toEqual([id]);
  });

  it('refuses an appointment of another client', async () => {
    const answer = await put(
      randomUUID(),
      exampleVisit('iv', { clientId: clientId(70), appointmentId: appointment.id }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.field).toBe('body.appointment_id');
  });
});

describe('who sees visits', () => {
  let draftId: string;
  let signedId: string;

  beforeAll(async () => {
    const client2 = idOf('client2');
    draftId = randomUUID();
    const draft = await put(draftId, exampleVisit('pet', { clientId: client2 }));
    signedId = randomUUID();
    const signedDraft = await put(signedId, exampleVisit('fir', { clientId: client2 }));
    const signed = await sign(signedId, signedDraft.body.version);
    if (draft.status !== 201 || signed.status !== 200) throw new Error('Charting the visits of client2 failed');
  });

  it('a client: its own signed visits only, never a draft, never another client’s', async () => {
    const own = await api<Schemas['VisitList']>('GET', '/visits', { as: 'client2' });
    expect(own.status).toBe(200);
    const ids = own.body.results.map((visit) => visit.id);
    expect(ids).toContain(signedId);
    expect(ids).not.toContain(draftId);
    expect(new Set(own.body.results.map((visit) => visit.state))).toEqual(new Set(['signed']));
    expect((await api('GET', `/visits/${signedId}`, { as: 'client2' })).status).toBe(200);
    expect((await api('GET', `/visits/${draftId}`, { as: 'client2' })).status).toBe(404);
    expect((await api('GET', `/visits?client=${clientId(60)}`, { as: 'client2' })).status).toBe(403);
    expect((await api('GET', '/visits?state=draft', { as: 'client2' })).body).toEqual({
      results: [],
      truncated: false,
    });
    expect(
      (await put(randomUUID(), exampleVisit('fir', { clientId: idOf('client2') }), { as: 'client2' })).status,
    ).toBe(403);
  });

  it('staff of the hub group read; nurses and doctors chart; ADMIN and an account without a role neither', async () => {
    for (const as of ['nurse', 'reception', 'doctor', 'coach', 'nutrition', 'super'] as const) {
      expect((await api('GET', `/visits/${draftId}`, { as })).status, as).toBe(200);
    }
    for (const as of ['reception', 'coach', 'nutrition'] as const) {
      expect((await put(randomUUID(), exampleVisit('fir', { clientId: clientId(71) }), { as })).status, as).toBe(403);
    }
    // The charted content is the clinical roles': the others read the visit's therapy, times and state.
    const byReception = await api<Schemas['Visit']>('GET', `/visits/${draftId}`, { as: 'reception' });
    expect(byReception.body).toMatchObject({ id: draftId, state: 'draft' });
    expect(byReception.body).not.toHaveProperty('vitals');
    expect(byReception.body).not.toHaveProperty('notes');
    for (const as of ['admin', 'norole'] as const) {
      expect((await api('GET', `/visits/${draftId}`, { as })).status, as).toBe(403);
      expect((await api('GET', '/visits', { as })).status, as).toBe(403);
      expect((await put(randomUUID(), exampleVisit('fir', { clientId: clientId(71) }), { as })).status, as).toBe(403);
    }
  });

  it('records every read and change in the audit trail', async () => {
    const client = clientId(72);
    const after = await newestAuditId();
    const { id, visit } = await started('fir', 72);
    expect((await sign(id, visit.version, 'doctor')).status).toBe(200);
    expect((await api('GET', `/visits/${id}`, { as: 'reception' })).status).toBe(200);
    expect((await api('GET', `/visits?client=${client}`, { as: 'coach' })).status).toBe(200);
    const trail = await auditSince(after, `subject_id=${client}`);
    expect(
      trail.map(({ action, actor_id, resource_id, outcome }) => ({ action, actor_id, resource_id, outcome })),
    ).toEqual([
      { action: 'visits.create', actor_id: idOf('nurse'), resource_id: id, outcome: 'success' },
      { action: 'visits.sign', actor_id: idOf('doctor'), resource_id: id, outcome: 'success' },
      { action: 'visits.read', actor_id: idOf('reception'), resource_id: id, outcome: 'success' },
      { action: 'visits.list', actor_id: idOf('coach'), resource_id: null, outcome: 'success' },
    ]);
  });
});
