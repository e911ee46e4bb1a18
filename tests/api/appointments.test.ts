/**
 * The schedule over HTTP: the catalog, booking, the status machine, overlap
 * refusals decided by the database, If-Match, clients' own appointments, and
 * times in the clinic's zone. Each test books on its own day far ahead, so
 * the tests do not meet each other's bookings.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { demoClientEmail } from '../../scripts/demo/clients.ts';
import { stableUuid } from '../../scripts/demo/stable-id.ts';
import { api, idOf, type ApiAnswer, type Problem, type Schemas, type Actor, CURRENT } from '../support/api-client.ts';

type Appointment = Schemas['Appointment'];
type Status = Schemas['AppointmentStatus'];
/** An appointment, or the problem answered instead. */
type Reply = Omit<Appointment, 'status'> & Omit<Problem, 'status'> & { status: unknown };

/** The id of generated demo client number n (the suite seeds 120). */
const clientId = (n: number) => stableUuid(`thrive-demo:${demoClientEmail(n)}`);

let bengaluru: Schemas['Clinic'];
let london: Schemas['Clinic'];
const resources = new Map<string, Schemas['Resource']>();
const services = new Map<string, Schemas['Service']>();

function resourceId(clinic: Schemas['Clinic'], name: string): string {
  const found = resources.get(`${clinic.name}:${name}`);
  if (!found) throw new Error(`No resource ${name} at ${clinic.name}`);
  return found.id;
}

function serviceId(name: string): string {
  const found = services.get(name);
  if (!found) throw new Error(`No service ${name}`);
  return found.id;
}

beforeAll(async () => {
  const clinics = await api<Schemas['ClinicList']>('GET', '/clinics', { as: 'reception' });
  if (clinics.status !== 200) throw new Error(`The clinics could not be read: ${clinics.status}`);
  bengaluru = clinics.body.results.find((clinic) => clinic.name === 'Thrive Bengaluru')!;
  london = clinics.body.results.find((clinic) => clinic.name === 'Thrive London')!;
  const all = await api<Schemas['ResourceList']>('GET', '/resources', { as: 'reception' });
  for (const resource of all.body.results) {
    const clinic = resource.clinic_id === bengaluru.id ? bengaluru : london;
    resources.set(`${clinic.name}:${resource.name}`, resource);
  }
  const catalog = await api<Schemas['ServiceList']>('GET', '/services', { as: 'reception' });
  for (const service of catalog.body.results) services.set(service.name, service);
});

interface Booking {
  client?: string;
  resource?: string;
  service?: string;
  /** ISO instant. */
  at: string;
  duration?: string;
  clinic?: Schemas['Clinic'];
  as?: Actor;
}

function book({
  client = clientId(1),
  resource = 'IV chair 1',
  service = 'IV hydration drip',
  at,
  duration,
  clinic,
  as = 'reception',
}: Booking) {
  return api<Reply>('POST', '/appointments', {
    as,
    body: {
      client_id: client,
      resource_id: resourceId(clinic ?? bengaluru, resource),
      service_id: serviceId(service),
      starts_at: at,
      ...(duration ? { duration } : {}),
    },
  });
}

async function booked(booking: Booking): Promise<Appointment> {
  const answer = await book(booking);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as Appointment;
}

function patch(
  appointment: Pick<Appointment, 'id' | 'version'>,
  body: Record<string, unknown>,
  as: Actor = 'reception',
) {
  return api<Reply>('PATCH', `/appointments/${appointment.id}`, {
    as,
    body,
    headers: { 'if-match': `"${appointment.version}"` },
  });
}

/** Moves a fresh booking along the allowed path to `status`. */
async function appointmentIn(status: Status, at: string, client: string): Promise<Appointment> {
  let appointment = await booked({ at, client });
  const path: Record<Status, Status[]> = {
    booked: [],
    checked_in: ['checked_in'],
    in_progress: ['checked_in', 'in_progress'],
    completed: ['checked_in', 'in_progress', 'completed'],
    cancelled: ['cancelled'],
    no_show: ['no_show'],
  };
  for (const step of path[status]) {
    const moved = await patch(appointment, { status: step });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    appointment = moved.body as Appointment;
  }
  return appointment;
}

describe('the catalog', () => {
  it('gives staff the clinics with zones and hours, their resources and the services', async () => {
    expect(bengaluru).toMatchObject({ time_zone: 'Asia/Kolkata' });
    expect(bengaluru.opening_hours).toContainEqual({ weekday: 1, opens: '07:00', closes: '21:00' });
    expect(london.time_zone).toBe('Europe/London');
    const kinds = new Set([...resources.values()].map((resource) => resource.kind));
    expect([...kinds].sort()).toEqual(
      [
        'call_line',
        'consultation_room',
        'hbot_chamber',
        'hbot_seat',
        'iv_chair',
        'pemf',
        'red_light',
        'sauna',
        'test_room',
      ].sort(),
    );
    const oneClinic = await api<Schemas['ResourceList']>('GET', `/resources?clinic=${london.id}`, { as: 'nurse' });
    expect(oneClinic.body.results.every((resource) => resource.clinic_id === london.id)).toBe(true);
    expect(oneClinic.body.results.length).toBeGreaterThan(0);
    expect(services.get('Doctor consultation')).toMatchObject({
      default_duration: '00:30:00',
      resource_kinds: ['consultation_room'],
    });
  });

  it.each(['admin', 'client2', 'norole'] as const)('is not for %s (a client reads what it may book)', async (as) => {
    // A client books tests and its intake call itself: it reads the clinics and services, never the resources. An
    // admin reads the clinics it sets each one's messaging up for, and nothing else of the catalog.
    const readers: Record<string, Set<string>> = {
      client2: new Set(['/clinics', '/services', '/appointments']),
      admin: new Set(['/clinics']),
      norole: new Set(),
    };
    for (const path of ['/clinics', '/resources', '/services', '/appointments']) {
      const answer = await api('GET', path, { as });
      expect(`${path}: ${answer.status}`).toBe(`${path}: ${readers[as]!.has(path) ? 200 : 403}`);
    }
  });
});

describe('who may use the schedule', () => {
  // Written out from spec section 6: the staff group (SUPER_ADMIN included) books and reads; ADMIN is not in it;
  // a client reads only its own (and nothing before its HIPAA consent, as client@ has not given it); an account
  // without a role nothing.
  const EXPECTED: Record<Actor, { list: number; book: number; read: number }> = {
    super: { list: 200, book: 201, read: 200 },
    admin: { list: 403, book: 403, read: 403 },
    nurse: { list: 200, book: 201, read: 200 },
    reception: { list: 200, book: 201, read: 200 },
    doctor: { list: 200, book: 201, read: 200 },
    coach: { list: 200, book: 201, read: 200 },
    nutrition: { list: 200, book: 201, read: 200 },
    client: { list: 403, book: 403, read: 403 },
    client2: { list: 200, book: 403, read: 403 },
    norole: { list: 403, book: 403, read: 403 },
  };

  it('lets the staff group book and read, a client only its own, and nobody else', async () => {
    const someone = await booked({
      at: '2031-08-04T10:00:00+05:30',
      client: clientId(100),
      resource: 'PEMF room',
      service: 'PEMF session',
    });
    const seen: Record<string, { list: number; book: number; read: number }> = {};
    const othersListed: Record<string, number> = {};
    let hour = 7;
    for (const actor of Object.keys(EXPECTED) as Actor[]) {
      const list = await api('GET', `/appointments?client=${clientId(100)}`, { as: actor });
      const own = await api('GET', '/appointments', { as: actor });
      const book = await api('POST', '/appointments', {
        as: actor,
        body: {
          client_id: clientId(101),
          resource_id: resourceId(bengaluru, 'Red light room'),
          service_id: serviceId('Red light therapy'),
          starts_at: `2031-08-05T${String(hour++).padStart(2, '0')}:00:00+05:30`,
        },
      });
      const read = await api('GET', `/appointments/${someone.id}`, { as: actor });
      // A client lists its own (no filter); naming another client is refused, as checked below.
      seen[actor] = {
        list: actor.startsWith('client') ? own.status : list.status,
        book: book.status,
        read: read.status,
      };
      othersListed[actor] = list.status;
    }
    expect(seen).toEqual(EXPECTED);
    expect(othersListed).toMatchObject({ client: 403, client2: 403 });
  });
});

describe('booking', () => {
  it('books with the service’s duration and answers in the clinic’s zone, with an ETag and the booker', async () => {
    const answer = await book({
      at: '2031-03-03T10:00:00+05:30',
      service: 'Doctor consultation',
      resource: 'Consultation room 1',
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('etag')).toBe('"1"');
    expect(answer.headers.get('location')).toMatch(new RegExp(`/appointments/${answer.body.id}$`));
    expect(answer.body).toMatchObject({
      starts_at: '2031-03-03T10:00:00+05:30',
      ends_at: '2031-03-03T10:30:00+05:30',
      occupied_until: '2031-03-03T10:30:00+05:30',
      duration: '00:30:00',
      status: 'booked',
      time_zone: 'Asia/Kolkata',
      clinic_name: 'Thrive Bengaluru',
      resource_name: 'Consultation room 1',
      service_name: 'Doctor consultation',
      created_by: idOf('reception'),
      version: 1,
    });
  });

  it('round-trips times in the clinic’s zone, whatever offset they were sent with', async () => {
    const fromUtc = await booked({ at: '2031-03-04T04:30:00Z', resource: 'IV chair 2', client: clientId(2) });
    expect(fromUtc.starts_at).toBe('2031-03-04T10:00:00+05:30');
    const read = await api<Appointment>('GET', `/appointments/${fromUtc.id}`, { as: 'nurse' });
    expect(read.body.starts_at).toBe('2031-03-04T10:00:00+05:30');
    expect(new Date(read.body.starts_at).toISOString()).toBe('2031-03-04T04:30:00.000Z');

    // London in summer (+01:00) and in winter (+00:00): the same wall-clock hour, the zone's offset.
    const summer = await booked({
      at: '2031-07-01T09:00:00+01:00',
      clinic: london,
      resource: 'IV chair 1',
      client: clientId(3),
    });
    expect(summer.starts_at).toBe('2031-07-01T09:00:00+01:00');
    const winter = await booked({
      at: '2031-12-02T09:00:00Z',
      clinic: london,
      resource: 'IV chair 1',
      client: clientId(3),
    });
    expect(winter.starts_at).toBe('2031-12-02T09:00:00+00:00');
  });

  it('refuses a time when the clinic is closed, and a service the resource cannot take', async () => {
    const late = await book({ at: '2031-03-05T20:30:00+05:30' });
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe('Thrive Bengaluru is open from 07:00 to 21:00 on Wed 5 Mar (Asia/Kolkata time).');
    const sunday = await book({ at: '2031-03-09T10:00:00Z', clinic: london });
    expect(sunday.status).toBe(409);
    expect(sunday.body.detail).toBe('Thrive London is closed on Sun 9 Mar.');
    const wrong = await book({ at: '2031-03-05T10:00:00+05:30', service: 'Infrared sauna' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toContainEqual({
      field: 'body.resource_id',
      message: 'Infrared sauna cannot be booked on IV chair 1.',
    });
  });
});

describe('no double booking', () => {
  it('refuses a second booking of the resource, saying what is taken, turnover included', async () => {
    await booked({ at: '2031-03-10T10:00:00+05:30', client: clientId(4) });
    const overlap = await book({ at: '2031-03-10T10:30:00+05:30', client: clientId(5) });
    expect(overlap.status).toBe(409);
    expect(overlap.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(overlap.body.detail).toBe(
      'IV chair 1 is taken from 10:00 to 11:10 on Mon 10 Mar (Asia/Kolkata time), including the time to get it ready again.',
    );
    expect(overlap.body.clash).toEqual({
      kind: 'resource',
      starts_at: '2031-03-10T10:00:00+05:30',
      until: '2031-03-10T11:10:00+05:30',
    });
    // Straight after the hour, the chair is still being got ready; after the turnover it is free.
    expect((await book({ at: '2031-03-10T11:00:00+05:30', client: clientId(5) })).status).toBe(409);
    expect((await book({ at: '2031-03-10T11:10:00+05:30', client: clientId(5) })).status).toBe(201);
  });

  it('refuses a client in two places at once', async () => {
    await booked({ at: '2031-03-11T10:00:00+05:30', client: clientId(6) });
    const elsewhere = await book({
      at: '2031-03-11T10:15:00+05:30',
      client: clientId(6),
      resource: 'Red light room',
      service: 'Red light therapy',
    });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.detail).toBe(
      'This client already has IV hydration drip on IV chair 1 from 10:00 to 11:00 on Tue 11 Mar (Asia/Kolkata time).',
    );
    expect(elsewhere.body.clash?.kind).toBe('client');
  });

  it('allows back-to-back bookings', async () => {
    const room = { resource: 'Consultation room 2', service: 'Doctor consultation' };
    const first = await book({ ...room, at: '2031-03-12T10:00:00+05:30', client: clientId(7) });
    const next = await book({ ...room, at: '2031-03-12T10:30:00+05:30', client: clientId(8) });
    // The same client straight after, elsewhere.
    const after = await book({ at: '2031-03-12T11:00:00+05:30', client: clientId(8) });
    expect([first.status, next.status, after.status]).toEqual([201, 201, 201]);
  });

  it('lets a cancelled or no-show slot be booked again', async () => {
    const cancelled = await appointmentIn('cancelled', '2031-03-13T10:00:00+05:30', clientId(9));
    expect(cancelled.cancelled_at).not.toBeNull();
    await booked({ at: '2031-03-13T10:00:00+05:30', client: clientId(10) });
    await appointmentIn('no_show', '2031-03-13T14:00:00+05:30', clientId(11));
    await booked({ at: '2031-03-13T14:00:00+05:30', client: clientId(12) });
  });

  it('gives exactly one of 20 simultaneous bookings of one slot the time', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => book({ at: '2031-03-14T12:00:00+05:30', client: clientId(20 + i) })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    const day = await api<Schemas['AppointmentList']>(
      'GET',
      `/appointments?resource=${resourceId(bengaluru, 'IV chair 1')}&from=${encodeURIComponent('2031-03-14T00:00:00+05:30')}&to=${encodeURIComponent('2031-03-15T00:00:00+05:30')}`,
      { as: 'reception' },
    );
    expect(day.body.results).toHaveLength(1);
  });

  it('refuses a reschedule onto a taken time the same way', async () => {
    await booked({ at: '2031-03-17T09:00:00+05:30', resource: 'IV chair 3', client: clientId(13) });
    const moving = await booked({ at: '2031-03-17T13:00:00+05:30', resource: 'IV chair 3', client: clientId(14) });
    const clash = await patch(moving, { starts_at: '2031-03-17T09:30:00+05:30' });
    expect(clash.status).toBe(409);
    expect(clash.body.detail).toMatch(/^IV chair 3 is taken from 09:00 to 10:10 on Mon 17 Mar/);
    const unchanged = await api<Appointment>('GET', `/appointments/${moving.id}`, { as: 'reception' });
    expect(unchanged.body).toMatchObject({ starts_at: '2031-03-17T13:00:00+05:30', version: 1 });
    const moved = await patch(moving, {
      starts_at: '2031-03-17T10:10:00+05:30',
      resource_id: resourceId(bengaluru, 'IV chair 4'),
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      starts_at: '2031-03-17T10:10:00+05:30',
      resource_name: 'IV chair 4',
      version: 2,
    });
  });
});

describe('the status machine', () => {
  const ALL: Status[] = ['booked', 'checked_in', 'in_progress', 'completed', 'cancelled', 'no_show'];
  // Written out from the issue: booked -> checked_in -> in_progress -> completed; booked -> cancelled | no_show.
  const ALLOWED = new Set([
    'booked>checked_in',
    'booked>cancelled',
    'booked>no_show',
    'checked_in>in_progress',
    'in_progress>completed',
  ]);

  it('allows exactly the moves of the machine and names the current status otherwise', async () => {
    let n = 0;
    const outcomes: string[] = [];
    for (const from of ALL) {
      for (const to of ALL) {
        n++;
        // One IV chair, an hour apart plus its turnover: every other hour, seven a day.
        const hour = 7 + (n % 7) * 2;
        const day = 18 + Math.floor(n / 7);
        const appointment = await appointmentIn(
          from,
          `2031-03-${day}T${String(hour).padStart(2, '0')}:00:00+05:30`,
          clientId(40 + n),
        );
        const answer = await patch(appointment, { status: to });
        // What the caller learns: the status, and the current status (409) or the new one (200).
        const said =
          answer.status === 200
            ? `now ${String(answer.body.status)}, version ${answer.body.version}`
            : (answer.body.errors?.map((error) => `${error.field}: ${error.message}`).join('; ') ?? '');
        outcomes.push(`${from}>${to}: ${answer.status} ${said}`);
      }
    }
    expect(outcomes).toEqual(
      ALL.flatMap((from) =>
        ALL.map((to) => {
          const version = { booked: 1, checked_in: 2, in_progress: 3, completed: 4, cancelled: 2, no_show: 2 }[from];
          return ALLOWED.has(`${from}>${to}`)
            ? `${from}>${to}: 200 now ${to}, version ${version + 1}`
            : `${from}>${to}: 409 body.status: current status: ${from}`;
        }),
      ),
    );
  });

  it('words the refusal for people', async () => {
    const appointment = await appointmentIn('checked_in', '2031-04-01T10:00:00+05:30', clientId(90));
    const answer = await patch(appointment, { status: 'cancelled' });
    expect(answer.body.detail).toBe('This appointment is checked in; it cannot be cancelled.');
    const moving = await patch(appointment, { starts_at: '2031-04-01T12:00:00+05:30' });
    expect(moving.status).toBe(409);
    expect(moving.body.detail).toBe('This appointment is checked in; only a booked one can be moved.');
  });

  it('records when each status was reached', async () => {
    const done = await appointmentIn('completed', '2031-04-02T10:00:00+05:30', clientId(91));
    expect(done.checked_in_at).not.toBeNull();
    expect(done.started_at).not.toBeNull();
    expect(done.completed_at).not.toBeNull();
    expect(done.checked_in_at!.endsWith('+05:30')).toBe(true);
  });
});

describe('If-Match', () => {
  it('is required (428), and a stale version is refused with the current one (412), changing nothing', async () => {
    const appointment = await booked({ at: '2031-04-03T10:00:00+05:30', client: clientId(92) });
    const without = await api<Problem>('PATCH', `/appointments/${appointment.id}`, {
      as: 'reception',
      body: { notes: 'Prefers the window seat.' },
    });
    expect(without.status).toBe(428);
    const wildcard = await api<Problem>('PATCH', `/appointments/${appointment.id}`, {
      as: 'reception',
      ifMatch: '*',
      body: { notes: 'Prefers the window seat.' },
    });
    expect(wildcard.status).toBe(428);
    const first = await patch(appointment, { notes: 'Prefers the window seat.' });
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).toBe('"2"');
    const stale = await patch(appointment, { status: 'checked_in' });
    expect(stale.status).toBe(412);
    expect(stale.headers.get('etag')).toBe('"2"');
    expect(stale.body.current_version).toBe(2);
    const now = await api<Appointment>('GET', `/appointments/${appointment.id}`, { as: 'reception' });
    expect(now.body).toMatchObject({ status: 'booked', version: 2, notes: 'Prefers the window seat.' });
  });
});

describe('a client’s own appointments', () => {
  const priya = idOf('client');
  const kiran = idOf('client2');
  let priyas: Appointment;
  let kirans: Appointment;

  beforeAll(async () => {
    priyas = await booked({ at: '2031-05-05T10:00:00+05:30', client: priya });
    kirans = await booked({ at: '2031-05-05T10:00:00+05:30', client: kiran, resource: 'IV chair 2' });
  });

  it('sees its own and only its own', async () => {
    const own = await api<Schemas['AppointmentList']>('GET', '/appointments', { as: 'client2' });
    expect(own.status).toBe(200);
    expect(own.body.results.map((a) => a.client_id)).toEqual(own.body.results.map(() => kiran));
    expect(own.body.results.map((a) => a.id)).toContain(kirans.id);
    expect((await api('GET', `/appointments/${kirans.id}`, { as: 'client2' })).status).toBe(200);
    expect((await api('GET', `/appointments/${priyas.id}`, { as: 'client2' })).status).toBe(403);
    expect((await api('GET', `/appointments?client=${priya}`, { as: 'client2' })).status).toBe(403);
  });

  it('cannot change or cancel another client’s, nor book', async () => {
    expect((await patch(priyas, { status: 'cancelled' }, 'client2')).status).toBe(403);
    const booking = await book({ at: '2031-05-06T10:00:00+05:30', client: kiran, as: 'client2' });
    expect(booking.status).toBe(403);
    const unchanged = await api<Appointment>('GET', `/appointments/${priyas.id}`, { as: 'reception' });
    expect(unchanged.body.status).toBe('booked');
  });

  it('may only cancel its own that the clinic booked, and not move it', async () => {
    const moving = await patch(kirans, { starts_at: '2031-05-05T12:00:00+05:30' }, 'client2');
    expect(moving.status).toBe(403);
    expect(moving.body.errors).toContainEqual({ field: 'body.starts_at', message: 'You may not change this field.' });
    const checkIn = await patch(kirans, { status: 'checked_in' }, 'client2');
    expect(checkIn.status).toBe(403);
    const cancelled = await patch(kirans, { status: 'cancelled' }, 'client2');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
  });

  it('cannot cancel within 24 hours of the start, and is told why', async () => {
    // The next quarter hour at least an hour away that the Bengaluru clinic is open (07:00 to 21:00 there).
    let start = new Date(Math.ceil((Date.now() + 60 * 60_000) / 900_000) * 900_000);
    const kolkataHour = () => ((start.getUTCHours() * 60 + start.getUTCMinutes() + 330) / 60) % 24;
    while (kolkataHour() < 7 || kolkataHour() >= 20) start = new Date(start.getTime() + 900_000);
    const soon = await booked({
      at: start.toISOString(),
      client: kiran,
      resource: 'Consultation room 2',
      service: 'Doctor consultation',
    });
    const late = await patch(soon, { status: 'cancelled' }, 'client2');
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe(
      'Appointments can be cancelled here until 24 hours before they start. Please call the clinic to cancel this one.',
    );
    // Staff may still cancel it.
    expect((await patch(soon, { status: 'cancelled' })).status).toBe(200);
  });
});

describe('every read and change is audited', () => {
  it('records bookings, changes and reads with the client as subject and field names only', async () => {
    const client = clientId(93);
    const appointment = await booked({ at: '2031-05-07T10:00:00+05:30', client });
    await patch(appointment, { notes: 'Needle-shy: numbing cream first.' });
    await api('GET', `/appointments/${appointment.id}`, { as: 'nurse' });
    await api('GET', `/appointments?client=${client}`, { as: 'nurse' });
    const trail = await api<Schemas['AuditEventList']>('GET', `/users/audit-events?subject_id=${client}&page_size=10`, {
      as: 'admin',
    });
    const lines = trail.body.results.map((event) => `${event.action} ${event.outcome} ${event.fields.join(',')}`);
    expect(lines.slice(0, 4)).toEqual([
      'appointments.list success ',
      'appointments.read success ',
      'appointments.update success notes',
      'appointments.create success client_id,resource_id,service_id,starts_at',
    ]);
    expect(JSON.stringify(trail.body)).not.toContain('Needle-shy');
  });

  it('records a refused clash as a conflict', async () => {
    const client = clientId(94);
    await booked({ at: '2031-05-08T10:00:00+05:30', client });
    await book({ at: '2031-05-08T10:00:00+05:30', client, resource: 'IV chair 2' });
    const trail = await api<Schemas['AuditEventList']>(
      'GET',
      `/users/audit-events?subject_id=${client}&action=appointments.create`,
      { as: 'admin' },
    );
    expect(trail.body.results.map((event) => event.outcome)).toEqual(['conflict', 'success']);
  });
});

describe('listing', () => {
  it('filters by span, clinic, resource and status, earliest first', async () => {
    const a = await booked({ at: '2031-06-02T09:00:00+05:30', resource: 'IV chair 4', client: clientId(95) });
    const b = await appointmentIn('checked_in', '2031-06-02T11:00:00+05:30', clientId(96));
    await booked({ at: '2031-06-03T09:00:00+05:30', resource: 'IV chair 4', client: clientId(95) });
    const span = `from=${encodeURIComponent('2031-06-02T00:00:00+05:30')}&to=${encodeURIComponent('2031-06-03T00:00:00+05:30')}`;
    const list = (query: string): Promise<ApiAnswer<Schemas['AppointmentList']>> =>
      api('GET', `/appointments?${span}&clinic=${bengaluru.id}${query}`, { as: 'doctor' });
    expect((await list('')).body.results.map((x) => x.id)).toEqual([a.id, b.id]);
    expect((await list('&status=checked_in')).body.results.map((x) => x.id)).toEqual([b.id]);
    expect((await list('&status=booked&status=checked_in')).body.results).toHaveLength(2);
    expect((await list(`&resource=${resourceId(bengaluru, 'IV chair 4')}`)).body.results.map((x) => x.id)).toEqual([
      a.id,
    ]);
    const londonOnly = await api<Schemas['AppointmentList']>('GET', `/appointments?${span}&clinic=${london.id}`, {
      as: 'doctor',
    });
    expect(londonOnly.body.results).toEqual([]);
    const backwards = await api<Problem>('GET', `/appointments?from=2031-06-03T00:00:00Z&to=2031-06-02T00:00:00Z`, {
      as: 'doctor',
    });
    expect(backwards.status).toBe(400);
  });
});

describe('the schedule grid’s answer', () => {
  const span = (from: string, to: string) => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

  it('gives what the grid draws of each appointment, the same appointments as the list, in the clinic’s zone', async () => {
    const a = await booked({ at: '2031-07-07T09:00:00+05:30', resource: 'IV chair 2', client: clientId(90) });
    const b = await appointmentIn('checked_in', '2031-07-09T04:30:00Z', clientId(91));
    await booked({ at: '2031-07-14T09:00:00+05:30', resource: 'IV chair 2', client: clientId(90) });
    const week = span('2031-07-07T00:00:00+05:30', '2031-07-14T00:00:00+05:30');
    const schedule = await api<Schemas['Schedule']>('GET', `/schedule?clinic=${bengaluru.id}&${week}`, {
      as: 'reception',
    });
    expect(schedule.status).toBe(200);
    const list = await api<Schemas['AppointmentList']>('GET', `/appointments?clinic=${bengaluru.id}&${week}`, {
      as: 'reception',
    });
    expect(schedule.body.results.map((x) => x.id)).toEqual(list.body.results.map((x) => x.id));
    expect(schedule.body.truncated).toBe(false);
    // Each entry is the appointment's own fields, the ones a grid draws.
    const GRID_FIELDS: (keyof Appointment)[] = [
      'id',
      'client_name',
      'resource_id',
      'service_name',
      'status',
      'starts_at',
      'ends_at',
      'version',
    ];
    const pick = (appointment: Appointment) =>
      Object.fromEntries(GRID_FIELDS.map((field) => [field, appointment[field]]));
    expect(schedule.body.results.filter((x) => x.id === a.id || x.id === b.id)).toEqual([pick(a), pick(b)]);
    expect(schedule.body.results.find((x) => x.id === b.id)).toMatchObject({
      status: 'checked_in',
      starts_at: '2031-07-09T10:00:00+05:30',
    });

    const limited = await api<Schemas['Schedule']>('GET', `/schedule?clinic=${bengaluru.id}&${week}&limit=1`, {
      as: 'reception',
    });
    expect(limited.body).toMatchObject({ results: [{ id: a.id }], truncated: true });
    const elsewhere = await api<Schemas['Schedule']>('GET', `/schedule?clinic=${london.id}&${week}`, {
      as: 'reception',
    });
    expect(elsewhere.body.results.map((x) => x.id)).not.toContain(a.id);
  });

  it('shows a client’s new name and an appointment’s new time at once', async () => {
    const client = clientId(97);
    const appointment = await booked({ at: '2031-07-15T09:00:00+05:30', resource: 'IV chair 3', client });
    const renamed = await api('PATCH', `/users/user-profiles/${client}`, {
      as: 'reception',
      ifMatch: CURRENT,
      body: { first_name: 'Meera', last_name: 'Raman' },
    });
    expect(renamed.status).toBe(200);
    const moved = await patch(appointment, { starts_at: '2031-07-16T11:30:00+05:30' });
    expect(moved.status).toBe(200);
    const week = span('2031-07-14T00:00:00+05:30', '2031-07-21T00:00:00+05:30');
    const schedule = await api<Schemas['Schedule']>('GET', `/schedule?clinic=${bengaluru.id}&${week}`, {
      as: 'reception',
    });
    expect(schedule.body.results.find((x) => x.id === appointment.id)).toEqual({
      id: appointment.id,
      client_name: 'Meera Raman',
      resource_id: appointment.resource_id,
      service_name: appointment.service_name,
      status: 'booked',
      starts_at: '2031-07-16T11:30:00+05:30',
      ends_at: '2031-07-16T12:30:00+05:30',
      version: appointment.version + 1,
    });
  });

  it('is for the staff group only, and tells a client so', async () => {
    const week = span('2031-07-07T00:00:00+05:30', '2031-07-14T00:00:00+05:30');
    const seen: Record<string, number> = {};
    for (const actor of ['super', 'admin', 'nurse', 'doctor', 'client', 'client2', 'norole'] as Actor[]) {
      seen[actor] = (await api('GET', `/schedule?clinic=${bengaluru.id}&${week}`, { as: actor })).status;
    }
    expect(seen).toEqual({ super: 200, admin: 403, nurse: 200, doctor: 200, client: 403, client2: 403, norole: 403 });
    const refused = await api<Problem>('GET', `/schedule?clinic=${bengaluru.id}&${week}`, { as: 'client2' });
    expect(refused.body.detail).toBe('The clinic’s schedule is for its staff.');
  });

  it('names the field when the span is backwards, longer than 8 days or missing', async () => {
    const ask = (query: string) =>
      api<Problem>('GET', `/schedule?clinic=${bengaluru.id}&${query}`, { as: 'reception' });
    const backwards = await ask(span('2031-07-14T00:00:00Z', '2031-07-07T00:00:00Z'));
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual([{ field: 'query.to', message: 'must be after from' }]);
    const long = await ask(span('2031-07-01T00:00:00Z', '2031-07-09T00:00:01Z'));
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([{ field: 'query.to', message: 'at most 8 days after from' }]);
    const missing = await ask(`from=${encodeURIComponent('2031-07-01T00:00:00Z')}`);
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body.errors)).toContain('query.to');
  });
});
