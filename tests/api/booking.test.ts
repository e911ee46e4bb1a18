/**
 * What clients book in the portal, over HTTP: the tests catalogue, free slots
 * computed from the schedule (booked time, turnover, opening hours, the
 * client's own time), a client booking and moving its own portal bookings,
 * two clients racing for one slot, and a booking sent twice with one key.
 *
 * A client books at most 90 days ahead, so each test books on its own day a
 * few weeks from now (at the Bengaluru clinic, open 07:00 to 21:00 every day);
 * other files book in 2031, so nothing here meets their bookings.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SLOT_TAKEN_PROBLEM, addDays, instantAt, isoInZone, wallClockAt } from '@contract';
import { demoAccount } from '../../scripts/demo/accounts.ts';
import { generateClients } from '../../scripts/demo/clients.ts';
import { api, idOf, stack, type Email, type Problem, type Schemas } from '../support/api-client.ts';

type Appointment = Schemas['Appointment'];
type Reply = Appointment & Omit<Problem, 'status'>;
const ZONE = 'Asia/Kolkata';

/** Consented generated clients no other file books for: they book themselves here. */
const [ANYA, BEN, CARA, DEV] = generateClients(stack.generatedClients)
  .filter((client) => client.hipaaConsent)
  .slice(-4)
  .map((client) => ({ id: client.id, email: client.email as Email }));

let bengaluru: Schemas['Clinic'];
let london: Schemas['Clinic'];
const services = new Map<string, Schemas['Service']>();
const resources = new Map<string, Schemas['Resource']>();

/** `YYYY-MM-DD` at the clinic, `days` from today. */
const dayAhead = (days: number, zone = ZONE) => addDays(wallClockAt(new Date(), zone).date, days);
/** The instant of `HH:MM` on `day` at the clinic, as the API writes it. */
const at = (day: string, time: string, zone = ZONE) => isoInZone(instantAt(`${day} ${time}`, zone), zone);
const serviceId = (name: string) => services.get(name)!.id;
const resourceId = (clinic: Schemas['Clinic'], name: string) => resources.get(`${clinic.name}:${name}`)!.id;

beforeAll(async () => {
  const clinics = await api<Schemas['ClinicList']>('GET', '/clinics', { as: 'reception' });
  bengaluru = clinics.body.results.find((clinic) => clinic.name === 'Thrive Bengaluru')!;
  london = clinics.body.results.find((clinic) => clinic.name === 'Thrive London')!;
  for (const service of (await api<Schemas['ServiceList']>('GET', '/services', { as: 'reception' })).body.results) {
    services.set(service.name, service);
  }
  for (const resource of (await api<Schemas['ResourceList']>('GET', '/resources', { as: 'reception' })).body.results) {
    const clinic = resource.clinic_id === bengaluru.id ? bengaluru : london;
    resources.set(`${clinic.name}:${resource.name}`, resource);
  }
});

function slots(as: 'reception' | 'client2' | Email, service: string, clinic: Schemas['Clinic'], day: string) {
  const zone = clinic.time_zone;
  const query = new URLSearchParams({
    service: serviceId(service),
    clinic: clinic.id,
    from: instantAt(`${day} 00:00`, zone).toISOString(),
    to: instantAt(`${addDays(day, 1)} 00:00`, zone).toISOString(),
  });
  return api<Schemas['SlotList'] & Problem>('GET', `/slots?${query.toString()}`, { as });
}

const times = (list: Schemas['SlotList']) => list.results.map((slot) => slot.starts_at.slice(11, 16));

function bookFor(
  as: Email | 'client2' | 'reception',
  body: Partial<Schemas['AppointmentCreate']> & { starts_at: string },
  key?: string,
) {
  return api<Reply>('POST', '/appointments', {
    as,
    body: {
      client_id: as === 'reception' ? ANYA!.id : as === 'client2' ? idOf('client2') : demoAccountId(as),
      resource_id: resourceId(bengaluru, 'Test room'),
      service_id: serviceId('Fasting blood panel'),
      ...body,
    },
    headers: key ? { 'idempotency-key': key } : {},
  });
}

function demoAccountId(email: Email): string {
  return [ANYA, BEN, CARA, DEV].find((client) => client?.email === email)?.id ?? demoAccount(email).id;
}

describe('the catalogue', () => {
  it('gives a client the tests, partner and in-clinic, some fasting, with each clinic’s price', async () => {
    const tests = await api<Schemas['TestList']>('GET', '/tests', { as: 'client2' });
    expect(tests.status).toBe(200);
    expect(tests.body.results.length).toBeGreaterThanOrEqual(5);
    expect(new Set(tests.body.results.map((test) => test.kind))).toEqual(new Set(['partner', 'in_clinic']));
    const panel = tests.body.results.find((test) => test.name === 'Fasting blood panel')!;
    expect(panel).toMatchObject({
      kind: 'partner',
      partner: 'Apex Diagnostics',
      fasting_hours: 10,
      duration: '00:15:00',
      service_id: serviceId('Fasting blood panel'),
    });
    expect(panel.preparation).toMatch(/Fast for 10 hours/);
    expect(panel.prices).toContainEqual({ clinic_id: bengaluru.id, amount_minor: 240000, currency: 'INR' });
    expect(panel.prices).toContainEqual({ clinic_id: london.id, amount_minor: 8900, currency: 'GBP' });
    expect(tests.body.results.filter((test) => test.fasting_hours !== null).length).toBeGreaterThanOrEqual(2);
    expect(tests.body.results.filter((test) => test.fasting_hours === null).length).toBeGreaterThanOrEqual(2);
  });

  it('gives a client the clinics with their contacts and the services it may book, but not the resources', async () => {
    const clinics = await api<Schemas['ClinicList']>('GET', '/clinics', { as: 'client2' });
    // The crisis path's: the front desk, who handles privacy requests, and the local emergency number.
    expect(clinics.body.results.find((clinic) => clinic.id === bengaluru.id)).toMatchObject({
      phone: '+918041234567',
      email: 'bengaluru@thrive.test',
      privacy_email: 'privacy.bengaluru@thrive.test',
      emergency_number: '112',
    });
    expect(clinics.body.results.find((clinic) => clinic.id === london.id)).toMatchObject({ emergency_number: '999' });
    const offered = await api<Schemas['ServiceList']>('GET', '/services', { as: 'client2' });
    expect(offered.body.results.find((service) => service.name === 'Intake call')).toMatchObject({
      therapy_kind: 'consultation',
      resource_kinds: ['call_line'],
      client_bookable: true,
    });
    expect(offered.body.results.find((service) => service.name === 'IV hydration drip')?.client_bookable).toBe(false);
    expect((await api('GET', '/resources', { as: 'client2' })).status).toBe(403);
    for (const who of ['admin', 'norole', 'client'] as const) {
      expect((await api('GET', '/tests', { as: who })).status, who).toBe(403);
    }
  });
});

describe('free slots', () => {
  it('leave out booked time and the turnover after it, and start at opening time', async () => {
    const day = dayAhead(40);
    const before = await slots('reception', 'Fasting blood panel', bengaluru, day);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ time_zone: ZONE, duration: '00:15:00' });
    expect(times(before.body)[0]).toBe('07:00');
    expect(times(before.body).at(-1)).toBe('20:45');
    // 15 minutes plus 5 of turnover: booked 10:00 holds the test room until 10:20.
    expect((await bookFor('reception', { starts_at: at(day, '10:00') })).status).toBe(201);
    const after = times((await slots('reception', 'Fasting blood panel', bengaluru, day)).body);
    // 09:45 would keep the room until 10:05; 10:15 starts before 10:20.
    expect(after).toEqual(expect.arrayContaining(['09:30', '10:30']));
    for (const taken of ['09:45', '10:00', '10:15']) expect(after).not.toContain(taken);
    expect(after).toHaveLength(times(before.body).length - 3);
  });

  it('leave out the days and hours a clinic is closed', async () => {
    // Thrive London is closed on Sundays and opens 08:00 to 19:00 on weekdays.
    let sunday = dayAhead(30, london.time_zone);
    while (wallClockAt(instantAt(`${sunday} 12:00`, london.time_zone), london.time_zone).weekday !== 7) {
      sunday = addDays(sunday, 1);
    }
    const closed = await slots('reception', 'Fasting blood panel', london, sunday);
    expect(closed.status).toBe(200);
    expect(closed.body.results).toEqual([]);
    const monday = times((await slots('reception', 'Fasting blood panel', london, addDays(sunday, 1))).body);
    expect(monday[0]).toBe('08:00');
    expect(monday.at(-1)).toBe('18:45');
  });

  it('leave out the times a client is booked elsewhere, for that client only', async () => {
    const day = dayAhead(41);
    const drip = await api<Reply>('POST', '/appointments', {
      as: 'reception',
      body: {
        client_id: BEN!.id,
        resource_id: resourceId(bengaluru, 'IV chair 4'),
        service_id: serviceId('IV hydration drip'),
        starts_at: at(day, '12:00'),
      },
    });
    expect(drip.status).toBe(201);
    const own = times((await slots(BEN!.email, 'Fasting blood panel', bengaluru, day)).body);
    // Booked 12:00 to 13:00 elsewhere: back to back on either side is fine.
    for (const busy of ['12:00', '12:15', '12:30', '12:45']) expect(own).not.toContain(busy);
    expect(own).toEqual(expect.arrayContaining(['11:45', '13:00']));
    expect(times((await slots(CARA!.email, 'Fasting blood panel', bengaluru, day)).body)).toContain('12:00');
  });

  it('start from now for staff, booking a walk-in, and the booking lead ahead for a client', async () => {
    const now = Date.now();
    const window = (extra: Record<string, string> = {}) =>
      new URLSearchParams({
        service: serviceId('Fasting blood panel'),
        clinic: bengaluru.id,
        from: new Date(now).toISOString(),
        to: new Date(now + 2 * 86_400_000).toISOString(),
        ...extra,
      }).toString();
    const staff = await api<Schemas['SlotList']>('GET', `/slots?${window()}`, { as: 'reception' });
    const client = await api<Schemas['SlotList']>('GET', `/slots?${window()}`, { as: 'client2' });
    const starts = (list: Schemas['SlotList']) => list.results.map((slot) => new Date(slot.starts_at).getTime());
    const lead = now + 120 * 60_000;
    expect(Math.min(...starts(staff.body))).toBeGreaterThanOrEqual(now - 15 * 60_000);
    expect(Math.min(...starts(client.body))).toBeGreaterThanOrEqual(lead - 60_000);
    // Staff are offered every time a client is, and the clinic's open quarter hours inside the lead besides.
    expect(starts(staff.body)).toEqual(expect.arrayContaining(starts(client.body)));
  });

  it('are one resource’s alone when it is named, and refused for a resource that cannot take the service', async () => {
    const day = dayAhead(42);
    const query = (resource: string) =>
      new URLSearchParams({
        service: serviceId('IV hydration drip'),
        clinic: bengaluru.id,
        from: instantAt(`${day} 00:00`, ZONE).toISOString(),
        to: instantAt(`${addDays(day, 1)} 00:00`, ZONE).toISOString(),
        resource,
      }).toString();
    const chair = resourceId(bengaluru, 'IV chair 2');
    const own = await api<Schemas['SlotList']>('GET', `/slots?${query(chair)}`, { as: 'reception' });
    expect(own.status).toBe(200);
    expect(own.body.results.length).toBeGreaterThan(0);
    expect(new Set(own.body.results.map((slot) => slot.resource_id))).toEqual(new Set([chair]));
    const room = await api<Problem>('GET', `/slots?${query(resourceId(bengaluru, 'Test room'))}`, { as: 'reception' });
    expect(room.status).toBe(400);
    expect(room.body.errors).toContainEqual({
      field: 'query.resource',
      message: 'not a resource of this clinic that takes the service',
    });
  });

  it('are computed only for a real service and clinic over at most 31 days', async () => {
    const from = encodeURIComponent(new Date().toISOString());
    const far = encodeURIComponent(new Date(Date.now() + 32 * 24 * 60 * 60_000).toISOString());
    const tomorrow = encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString());
    const tooLong = await api<Problem>(
      'GET',
      `/slots?service=${serviceId('Thyroid panel')}&clinic=${bengaluru.id}&from=${from}&to=${far}`,
      { as: 'client2' },
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors?.[0]?.field).toBe('query.to');
    const unknown = await api<Problem>(
      'GET',
      `/slots?service=${randomUUID()}&clinic=${bengaluru.id}&from=${from}&to=${tomorrow}`,
      { as: 'client2' },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toContainEqual({ field: 'query.service', message: 'no such service' });
  });
});

describe('a client booking for itself', () => {
  it('books a portal service on a free slot and sees it as its own', async () => {
    const day = dayAhead(42);
    const [slot] = (await slots(CARA!.email, 'Thyroid panel', bengaluru, day)).body.results;
    const booked = await bookFor(CARA!.email, {
      service_id: serviceId('Thyroid panel'),
      resource_id: slot!.resource_id,
      starts_at: slot!.starts_at,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body).toMatchObject({ client_id: CARA!.id, service_name: 'Thyroid panel', status: 'booked' });
    expect(booked.body.call_mode).toBeNull();
    expect(booked.body.created_by).toBe(CARA!.id);
    const own = await api<Schemas['AppointmentList']>('GET', '/appointments', { as: CARA!.email });
    expect(own.body.results.map((a) => a.id)).toContain(booked.body.id);
  });

  it('books only for itself, only what the portal offers, without the clinic’s fields, in time', async () => {
    const day = dayAhead(43);
    const forSomeoneElse = await api<Reply>('POST', '/appointments', {
      as: CARA!.email,
      body: {
        client_id: DEV!.id,
        resource_id: resourceId(bengaluru, 'Test room'),
        service_id: serviceId('Thyroid panel'),
        starts_at: at(day, '09:00'),
      },
    });
    expect(forSomeoneElse.status).toBe(403);
    const drip = await bookFor(CARA!.email, {
      resource_id: resourceId(bengaluru, 'IV chair 1'),
      service_id: serviceId('IV hydration drip'),
      starts_at: at(day, '09:00'),
    });
    expect(drip.status).toBe(403);
    expect(drip.body.errors?.[0]?.field).toBe('body.service_id');
    const longer = await bookFor(CARA!.email, { starts_at: at(day, '09:00'), duration: '01:00:00', notes: 'hi' });
    expect(longer.status).toBe(403);
    expect(longer.body.errors).toEqual([
      { field: 'body.duration', message: 'You may not set this field.' },
      { field: 'body.notes', message: 'You may not set this field.' },
    ]);
    const soon = new Date(Date.now() + 60 * 60_000);
    const tooSoon = await bookFor(CARA!.email, { starts_at: soon.toISOString() });
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.body.detail).toMatch(/at least 2 hours ahead/);
    const tooFar = await bookFor(CARA!.email, { starts_at: at(dayAhead(120), '09:00') });
    expect(tooFar.status).toBe(409);
    const called = await bookFor(CARA!.email, { starts_at: at(day, '09:00'), call_mode: 'video' });
    expect(called.status).toBe(400);
    expect(called.body.errors?.[0]?.field).toBe('body.call_mode');
  });

  it('books the intake call by phone as its profile prefers, or by video when it asks', async () => {
    // A weekday: Thrive London is closed on Sundays.
    let day = dayAhead(44);
    while (wallClockAt(instantAt(`${day} 12:00`, london.time_zone), london.time_zone).weekday > 5)
      day = addDays(day, 1);
    const byPhone = await bookFor(DEV!.email, {
      service_id: serviceId('Intake call'),
      resource_id: resourceId(bengaluru, 'Intake line'),
      starts_at: at(day, '10:00'),
    });
    expect(byPhone.status, JSON.stringify(byPhone.body)).toBe(201);
    expect(byPhone.body).toMatchObject({ call_mode: 'phone', duration: '00:20:00', therapy_kind: 'consultation' });
    const byVideo = await bookFor(DEV!.email, {
      service_id: serviceId('Intake call'),
      resource_id: resourceId(london, 'Intake line'),
      starts_at: at(day, '12:00', london.time_zone),
      call_mode: 'video',
    });
    expect(byVideo.status, JSON.stringify(byVideo.body)).toBe(201);
    expect(byVideo.body.call_mode).toBe('video');
  });
});

describe('two clients racing for one slot', () => {
  it('get one booking: the database decides, and the other is told the time was just taken', async () => {
    const day = dayAhead(45);
    const [slot] = (await slots(ANYA!.email, 'Fasting blood panel', bengaluru, day)).body.results;
    const body = { resource_id: slot!.resource_id, starts_at: slot!.starts_at };
    const answers = await Promise.all([bookFor(ANYA!.email, body), bookFor(BEN!.email, body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const lost = answers.find((answer) => answer.status === 409)!;
    expect(lost.body).toMatchObject({ type: SLOT_TAKEN_PROBLEM, detail: 'That time was just taken.' });
    // The loser learns nothing of whose booking it is or how long it holds the room.
    expect(lost.body.clash).toBeUndefined();
    const held = await api<Schemas['AppointmentList']>(
      'GET',
      `/appointments?resource=${slot!.resource_id}&from=${encodeURIComponent(slot!.starts_at)}&to=${encodeURIComponent(slot!.ends_at)}`,
      { as: 'reception' },
    );
    expect(held.body.results.filter((a) => a.status === 'booked')).toHaveLength(1);
    // The slot is gone from the fresh list.
    expect(times((await slots(BEN!.email, 'Fasting blood panel', bengaluru, day)).body)).not.toContain(
      slot!.starts_at.slice(11, 16),
    );
  });
});

describe('a booking sent again with the same Idempotency-Key', () => {
  async function bookingsOf(clientEmail: Email, day: string): Promise<Appointment[]> {
    const list = await api<Schemas['AppointmentList']>(
      'GET',
      `/appointments?from=${encodeURIComponent(at(day, '00:00'))}&to=${encodeURIComponent(at(addDays(day, 1), '00:00'))}`,
      { as: clientEmail },
    );
    return list.body.results;
  }

  it('books once, one after the other or both at once', async () => {
    const day = dayAhead(46);
    const key = randomUUID();
    const body = { service_id: serviceId('Vitamin and mineral panel'), starts_at: at(day, '08:00') };
    const first = await bookFor(DEV!.email, body, key);
    const again = await bookFor(DEV!.email, body, key);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');

    // One tap twice: both at once with one key.
    const twinKey = randomUUID();
    const twinBody = { service_id: serviceId('Vitamin and mineral panel'), starts_at: at(day, '09:00') };
    const twins = await Promise.all([bookFor(DEV!.email, twinBody, twinKey), bookFor(DEV!.email, twinBody, twinKey)]);
    expect(twins.map((answer) => answer.status)).toEqual([201, 201]);
    expect(twins[0].body.id).toBe(twins[1].body.id);
    // The client's other bookings that day (an intake call moved off a weekend may land there) are not this test's.
    const panels = (await bookingsOf(DEV!.email, day)).filter((a) => a.service_name === 'Vitamin and mineral panel');
    expect(panels.map((a) => a.starts_at.slice(11, 16))).toEqual(['08:00', '09:00']);
  });
});

describe('a client moving or cancelling its own booking', () => {
  it('moves a portal booking to a free slot until 24 hours before, and no other field', async () => {
    const day = dayAhead(47);
    const booked = await bookFor(ANYA!.email, { service_id: serviceId('Thyroid panel'), starts_at: at(day, '09:00') });
    expect(booked.status).toBe(201);
    const move = (body: Record<string, unknown>, version = booked.body.version) =>
      api<Reply>('PATCH', `/appointments/${booked.body.id}`, { as: ANYA!.email, body, ifMatch: `"${version}"` });
    const longer = await move({ duration: '00:30:00' });
    expect(longer.status).toBe(403);
    expect(longer.body.errors).toEqual([{ field: 'body.duration', message: 'You may not change this field.' }]);
    const moved = await move({ starts_at: at(day, '11:00'), resource_id: resourceId(bengaluru, 'Test room') });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.starts_at).toBe(at(day, '11:00'));

    // Someone else holds 12:00: moving onto it is a lost race too.
    expect((await bookFor(BEN!.email, { starts_at: at(day, '12:00') })).status).toBe(201);
    const onto = await move({ starts_at: at(day, '12:00') }, moved.body.version);
    expect(onto.status).toBe(409);
    expect(onto.body.type).toBe(SLOT_TAKEN_PROBLEM);

    const cancelled = await move({ status: 'cancelled' }, moved.body.version);
    expect(cancelled.status).toBe(200);
  });

  it('cannot move a booking within 24 hours of its start', async () => {
    // The first free quarter hour at least 3 hours away that the Bengaluru clinic is open, booked by the clinic (the
    // demo day may hold the test room at the first ones: near midnight, the next morning's opening).
    let start = new Date(Math.ceil((Date.now() + 3 * 60 * 60_000) / 900_000) * 900_000);
    const hour = () => Number(wallClockAt(start, ZONE).time.slice(0, 2));
    let soon: { status: number; body: Reply } | undefined;
    for (let tries = 0; tries < 48 && soon?.status !== 201; tries += 1) {
      while (hour() < 7 || hour() >= 20) start = new Date(start.getTime() + 900_000);
      soon = await api<Reply>('POST', '/appointments', {
        as: 'reception',
        body: {
          client_id: CARA!.id,
          resource_id: resourceId(bengaluru, 'Test room'),
          service_id: serviceId('Body composition scan'),
          starts_at: start.toISOString(),
        },
      });
      expect([201, 409], JSON.stringify(soon.body)).toContain(soon.status);
      start = new Date(start.getTime() + 900_000);
    }
    expect(soon?.status, JSON.stringify(soon?.body)).toBe(201);
    const booked = soon!.body;
    const later = await api<Reply>('PATCH', `/appointments/${booked.id}`, {
      as: CARA!.email,
      body: { starts_at: at(dayAhead(48), '10:00') },
      ifMatch: `"${booked.version}"`,
    });
    expect(later.status).toBe(409);
    expect(later.body.detail).toBe(
      'Appointments can be moved here until 24 hours before they start. Please call the clinic to move this one.',
    );
  });
});
