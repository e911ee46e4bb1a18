/**
 * Messages that reach people, on the real stack: the API writes each message
 * with its cause, the sender delivers it through SMTP into the local inbox
 * (MailDev), and these tests read that inbox through its REST API. Once per
 * cause under a retried request; reminders inside the lead, with a one-click
 * unsubscribe; the clinic's notices of a move and a cancellation; a staff
 * alert naming no one; an admin's password reset leading to a new password.
 *
 * Generated clients 100 to 110 that consented are this file's own; they book in
 * 2031 or within the next day at the Bengaluru clinic.
 */
import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, clinicTimeText, instantAt, isoInZone, wallClockAt } from '@contract';
import { generateClients } from '../../scripts/demo/clients.ts';
import {
  api,
  CURRENT,
  identityCall,
  idOf,
  initiateAuth,
  stack,
  type Email,
  type InitiateAuthAnswer,
  type Problem,
  type Schemas,
} from '../support/api-client.ts';
import { localInbox } from '../support/local-inbox.ts';

type Appointment = Schemas['Appointment'];
type MessageList = Schemas['MessageList'];
const ZONE = 'Asia/Kolkata';
const inbox = localInbox(stack.mailUrl);

const own = generateClients(stack.generatedClients)
  .slice(99, 110)
  .filter((client) => client.hipaaConsent)
  .map((client) => ({ id: client.id, email: client.email as Email }));
const [ASHA, BALA, CHITRA, DEEPA, ESHA] = own as [
  (typeof own)[number],
  (typeof own)[number],
  (typeof own)[number],
  (typeof own)[number],
  (typeof own)[number],
];

let bengaluru: Schemas['Clinic'];
let serviceId: string;
let chairs: string[];

beforeAll(async () => {
  const clinics = await api<Schemas['ClinicList']>('GET', '/clinics', { as: 'reception' });
  bengaluru = clinics.body.results.find((clinic) => clinic.name === 'Thrive Bengaluru')!;
  const services = await api<Schemas['ServiceList']>('GET', '/services', { as: 'reception' });
  serviceId = services.body.results.find((service) => service.name === 'Fasting blood panel')!.id;
  const resources = await api<Schemas['ResourceList']>('GET', '/resources', { as: 'reception' });
  chairs = resources.body.results
    .filter((resource) => resource.clinic_id === bengaluru.id && resource.kind === 'test_room')
    .map((resource) => resource.id);
});

function book(clientId: string, startsAt: string, key = randomUUID(), resourceId = chairs[0]) {
  return api<Appointment & Omit<Problem, 'status'>>('POST', '/appointments', {
    as: 'reception',
    headers: { 'idempotency-key': key },
    body: { client_id: clientId, service_id: serviceId, resource_id: resourceId, starts_at: startsAt },
  });
}

/** The appointment's e-mails once none of them waits any more (an SMS may wait for the clinic's morning). */
async function settledMessages(appointmentId: string, expected: number): Promise<Schemas['Message'][]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const list = await api<MessageList>('GET', `/appointments/${appointmentId}/messages`, { as: 'reception' });
    const results = list.body.results.filter((message) => message.channel === 'email');
    if (results.length >= expected && results.every((message) => message.status !== 'pending')) return results;
    if (Date.now() > deadline) throw new Error(`Messages still pending: ${JSON.stringify(results)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('a booking’s confirmation', () => {
  it('reaches the client’s inbox once, under a retried request, with a calendar file of its time', async () => {
    const day = '2031-03-04';
    const startsAt = isoInZone(instantAt(`${day} 09:15`, ZONE), ZONE);
    const key = randomUUID();
    const first = await book(ASHA.id, startsAt, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await book(ASHA.id, startsAt, key);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);

    const [sent, ...more] = await settledMessages(first.body.id, 1);
    expect(more).toEqual([]);
    expect(sent).toMatchObject({ kind: 'booking_confirmation', channel: 'email', status: 'sent', reason: null });
    expect(sent?.to).toBe(`${ASHA.email[0]}•••@thrive.test`);

    // Other files book these clients too: each test reads only the messages of its own bookings.
    const subject = 'Booked: Fasting blood panel, Tue 4 Mar 2031, 09:15';
    const mail = await inbox.waitFor(ASHA.email, (message) => message.subject === subject);
    expect(mail.text).toContain('When: Tue 4 Mar 2031, 09:15 (Asia/Kolkata)');
    expect(mail.text).toMatch(/Nothing but water for \d+ hours before it starts/);
    expect((await inbox.messagesTo(ASHA.email)).filter((message) => message.subject === subject)).toHaveLength(1);

    const calendar = ICAL.Component.fromString(await inbox.attachment(mail, 'appointment.ics'));
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe(`appointment-${first.body.id}@thrive.clinic`);
    expect(event.startDate.toJSDate().toISOString()).toBe(new Date(startsAt).toISOString());
    expect(event.endDate.toJSDate().toISOString()).toBe(new Date(first.body.ends_at).toISOString());
  });
});

describe('notices of the clinic’s changes', () => {
  it('tells the client of a move (from and to) and of a cancellation, and nothing of its own cancellation', async () => {
    const startsAt = isoInZone(instantAt('2031-03-05 10:00', ZONE), ZONE);
    const booked = await book(BALA.id, startsAt);
    expect(booked.status).toBe(201);
    const moved = await api<Appointment>('PATCH', `/appointments/${booked.body.id}`, {
      as: 'reception',
      ifMatch: CURRENT,
      body: { starts_at: isoInZone(instantAt('2031-03-05 11:30', ZONE), ZONE) },
    });
    expect(moved.status).toBe(200);
    const notice = await inbox.waitFor(
      BALA.email,
      (message) => message.subject === 'Moved: Fasting blood panel, now Wed 5 Mar 2031, 11:30',
    );
    expect(notice.text).toContain('from Wed 5 Mar 2031, 10:00 (Asia/Kolkata)');

    const cancelled = await api<Appointment>('PATCH', `/appointments/${booked.body.id}`, {
      as: 'reception',
      ifMatch: CURRENT,
      body: { status: 'cancelled' },
    });
    expect(cancelled.status).toBe(200);
    const cancellation = await inbox.waitFor(
      BALA.email,
      (message) => message.subject === 'Cancelled: Fasting blood panel, Wed 5 Mar 2031, 11:30',
    );
    const calendar = ICAL.Component.fromString(await inbox.attachment(cancellation, 'appointment.ics'));
    expect(calendar.getFirstSubcomponent('vevent')?.getFirstPropertyValue('status')).toBe('CANCELLED');

    const ownBooking = await book(BALA.id, isoInZone(instantAt('2031-03-06 10:00', ZONE), ZONE));
    const own = await api<Appointment>('PATCH', `/appointments/${ownBooking.body.id}`, {
      as: BALA.email,
      ifMatch: CURRENT,
      body: { status: 'cancelled' },
    });
    expect(own.status).toBe(200);
    const kinds = (await settledMessages(ownBooking.body.id, 1)).map((message) => message.kind);
    expect(kinds).toEqual(['booking_confirmation']);
  });
});

describe('a reminder inside the lead', () => {
  it('follows the confirmation, by e-mail with a one-click unsubscribe, which turns reminder e-mails off', async () => {
    // The first free time of the day ahead, well inside the reminder lead (a day): the demo's own bookings fill
    // some of the clinic's day, so the time comes from the schedule rather than from the clock.
    const window = new URLSearchParams({
      service: serviceId,
      clinic: bengaluru.id,
      client: CHITRA.id,
      from: new Date(Date.now() + 2 * 3_600_000).toISOString(),
      to: new Date(Date.now() + 22 * 3_600_000).toISOString(),
    });
    const free = await api<Schemas['SlotList']>('GET', `/slots?${window}`, { as: 'reception' });
    expect(free.status).toBe(200);
    const slot = free.body.results[0]!;
    const start = new Date(slot.starts_at);
    const booked = await book(CHITRA.id, isoInZone(start, ZONE), randomUUID(), slot.resource_id);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);

    const messages = await settledMessages(booked.body.id, 2);
    expect(messages.map((message) => message.kind)).toEqual(['reminder', 'booking_confirmation']);
    const on = clinicTimeText(start, ZONE);
    const reminder = await inbox.waitFor(
      CHITRA.email,
      (message) => message.subject === `Reminder: Fasting blood panel, ${on}`,
    );
    const confirmation = await inbox.waitFor(
      CHITRA.email,
      (message) => message.subject === `Booked: Fasting blood panel, ${on}`,
    );
    expect(new Date(reminder.time) >= new Date(confirmation.time)).toBe(true);

    expect(await inbox.header(reminder, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = /<(http[^>]+)>/.exec((await inbox.header(reminder, 'List-Unsubscribe')) ?? '')?.[1];
    expect(link).toMatch(/\/api\/v1\/messages\/unsubscribe\?token=[A-Za-z0-9_-]{43}$/);
    const token = new URL(link!).searchParams.get('token')!;
    const unsubscribe = (body: string) =>
      fetch(`${stack.apiUrl}/messages/unsubscribe?token=${token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    expect((await unsubscribe('List-Unsubscribe=Maybe')).status).toBe(400);
    const done = await unsubscribe('List-Unsubscribe=One-Click');
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ unsubscribed: 'reminder' });
    expect((await unsubscribe('List-Unsubscribe=One-Click')).status).toBe(200);

    const preferences = await api<Schemas['MessagePreferences']>('GET', `/clients/${CHITRA.id}/message-preferences`, {
      as: CHITRA.email,
    });
    expect(preferences.body.reminder.email).toBe(false);
    expect(preferences.body.booking_confirmation.email).toBe(true);
    const unknown = await fetch(`${stack.apiUrl}/messages/unsubscribe?token=${'A'.repeat(43)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('a very low Thrive check', () => {
  it('alerts the clinic’s care inbox, naming no client and no score', async () => {
    const before = (await inbox.messagesTo('care.bengaluru@thrive.test')).length;
    const low = await api<Schemas['Assessment']>('POST', '/assessments', {
      as: DEEPA.email,
      body: {
        id: randomUUID(),
        client_id: DEEPA.id,
        type: 'who5',
        taken_at: new Date().toISOString(),
        answers: [1, 1, 1, 1, 1],
      },
    });
    expect(low.status, JSON.stringify(low.body)).toBe(201);
    expect(low.body.alert).toBe(true);
    const deadline = Date.now() + 20_000;
    let alerts = await inbox.messagesTo('care.bengaluru@thrive.test');
    while (alerts.length === before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      alerts = await inbox.messagesTo('care.bengaluru@thrive.test');
    }
    const alert = alerts.at(-1)!;
    expect(alerts).toHaveLength(before + 1);
    expect(alert.subject).toBe('A Thrive check needs a follow-up');
    const profile = await api<Schemas['Profile']>('GET', `/users/user-profiles/${DEEPA.id}`, { as: DEEPA.email });
    for (const clinical of [profile.body.first_name, profile.body.last_name, DEEPA.email, String(low.body.score)]) {
      expect(alert.text).not.toContain(clinical);
    }
    // The care team sees how its clinic's alerts went (the hub shows those that failed).
    const listed = await api<MessageList>('GET', `/messages/staff-alerts?clinic=${bengaluru.id}`, { as: 'nurse' });
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((message) => message.kind)).not.toContain('booking_confirmation');
    expect(listed.body.results[0]).toMatchObject({
      kind: 'staff_alert',
      to: 'c•••@thrive.test',
      subject: 'A Thrive check needs a follow-up',
    });
    expect((await api('GET', '/messages/staff-alerts', { as: 'reception' })).status).toBe(403);
  });
});

describe('an admin’s password reset', () => {
  it('e-mails a temporary password (in no answer) that leads to the new-password step, once per request', async () => {
    const key = randomUUID();
    const reset = () =>
      api<Schemas['Message']>('POST', `/users/users/${ESHA.id}/password-reset`, {
        as: 'admin',
        headers: { 'idempotency-key': key },
      });
    const first = await reset();
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect(first.body).toMatchObject({ kind: 'temporary_password', channel: 'email', status: 'pending' });
    expect((await reset()).body.id).toBe(first.body.id);

    const mail = await inbox.waitFor(ESHA.email, (message) => message.subject === 'Your temporary Thrive password');
    const password = /^ {4}(\S+)$/m.exec(mail.text)?.[1];
    expect(password).toBeDefined();
    expect(JSON.stringify(first.body)).not.toContain(password);
    const signIn: InitiateAuthAnswer = await initiateAuth(ESHA.email, password!);
    expect(signIn.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const answered = await identityCall<InitiateAuthAnswer>('RespondToAuthChallenge', {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      ClientId: stack.clientId,
      Session: signIn.Session,
      ChallengeResponses: { USERNAME: ESHA.email, NEW_PASSWORD: 'Chosen!2031' },
    });
    expect(answered.AuthenticationResult?.AccessToken).toBeDefined();
    const sent = (await inbox.messagesTo(ESHA.email)).filter((message) => message.subject === mail.subject);
    expect(sent).toHaveLength(1);
  });

  it('is refused to a client, to an admin on a super admin, and to anyone on their own account', async () => {
    expect((await api('POST', `/users/users/${ASHA.id}/password-reset`, { as: 'reception' })).status).toBe(403);
    expect((await api('POST', `/users/users/${ASHA.id}/password-reset`, { as: ASHA.email })).status).toBe(403);
    expect((await api('POST', `/users/users/${idOf('super')}/password-reset`, { as: 'admin' })).status).toBe(403);
    expect((await api('POST', `/users/users/${idOf('super')}/password-reset`, { as: 'super' })).status).toBe(403);
  });

  it('sends an invitation again only to an account that never signed in', async () => {
    const answer = await api<Problem>('POST', `/users/users/${ASHA.id}/invitation`, { as: 'admin' });
    expect(answer.status).toBe(409);
  });
});

describe('a client’s messages and channels', () => {
  it('lists what the clinic sent the client to itself and to staff, never to another client', async () => {
    const mine = await api<MessageList>('GET', `/clients/${ASHA.id}/messages`, { as: ASHA.email });
    expect(mine.status).toBe(200);
    expect(mine.body.results.some((message) => message.kind === 'booking_confirmation')).toBe(true);
    expect((await api('GET', `/clients/${ASHA.id}/messages`, { as: BALA.email })).status).toBe(403);
    expect((await api('GET', `/clients/${ASHA.id}/messages`, { as: 'admin' })).status).toBe(403);
    expect((await api('GET', `/clients/${ASHA.id}/messages`, { as: 'nurse' })).status).toBe(200);
  });

  it('keeps the channels a client chooses, and a confirmation goes by none when it chose none', async () => {
    const none = { email: false, sms: false };
    const chosen = { booking_confirmation: none, reminder: { email: true, sms: true }, appointment_change: none };
    const put = await api<Schemas['MessagePreferences']>('PUT', `/clients/${BALA.id}/message-preferences`, {
      as: BALA.email,
      body: chosen,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toEqual(chosen);
    const refused = await api<Problem>('PUT', `/clients/${BALA.id}/message-preferences`, {
      as: BALA.email,
      body: { ...chosen, reminder: { email: 'yes', sms: true } },
    });
    expect(refused.status).toBe(400);

    const booked = await book(BALA.id, isoInZone(instantAt('2031-03-07 10:00', ZONE), ZONE));
    const [skipped] = await settledMessages(booked.body.id, 1);
    expect(skipped).toMatchObject({
      kind: 'booking_confirmation',
      status: 'skipped',
      reason: 'The client chose not to get these.',
    });
  });
});

describe('a clinic’s messaging', () => {
  it('is set up by an admin, checked field by field, and a longer reminder lead brings a reminder forward', async () => {
    const clinics = await api<Schemas['ClinicList']>('GET', '/clinics', { as: 'reception' });
    const london = clinics.body.results.find((clinic) => clinic.name === 'Thrive London')!;
    const path = `/clinics/${london.id}/messaging`;
    const before = await api<Schemas['ClinicMessaging']>('GET', path, { as: 'admin' });
    expect(before.body).toEqual({
      clinic_id: london.id,
      reminder_lead_hours: 24,
      video_room_url: 'https://meet.thrive.test/london-intake',
      care_inbox: 'care.london@thrive.test',
    });
    const refused = await api<Problem>('PATCH', path, {
      as: 'admin',
      body: { reminder_lead_hours: 0, video_room_url: 'http://meet.thrive.test/room', care_inbox: 'Care@Thrive.test' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.map((error) => error.field).sort()).toEqual([
      'body.care_inbox',
      'body.reminder_lead_hours',
      'body.video_room_url',
    ]);
    expect((await api('PATCH', path, { as: 'reception', body: { reminder_lead_hours: 72 } })).status).toBe(403);

    const longer = await api<Schemas['ClinicMessaging']>('PATCH', path, {
      as: 'admin',
      body: { reminder_lead_hours: 72 },
    });
    expect(longer.body).toEqual({ ...before.body, reminder_lead_hours: 72 });
    try {
      // Two or so days ahead: beyond the default lead, within the new one; the first free of a few times.
      const zone = london.time_zone;
      const today = wallClockAt(new Date(), zone).date;
      const starts = [1, 2, 3]
        .flatMap((days) =>
          ['09:10', '11:40', '14:20', '17:50'].map((at) => instantAt(`${addDays(today, days)} ${at}`, zone)),
        )
        .filter(
          (instant) =>
            instant.getTime() > Date.now() + 30 * 3_600_000 && instant.getTime() < Date.now() + 70 * 3_600_000,
        );
      const resources = await api<Schemas['ResourceList']>('GET', '/resources', { as: 'reception' });
      const room = resources.body.results.find((item) => item.clinic_id === london.id && item.kind === 'test_room')!;
      let booked: Appointment | undefined;
      for (const start of starts) {
        const answer = await api<Appointment>('POST', '/appointments', {
          as: 'reception',
          body: { client_id: ASHA.id, service_id: serviceId, resource_id: room.id, starts_at: isoInZone(start, zone) },
        });
        if (answer.status === 201) {
          booked = answer.body;
          break;
        }
      }
      expect(booked).toBeDefined();
      const kinds = (await settledMessages(booked!.id, 2)).map((message) => message.kind);
      expect(kinds).toEqual(['reminder', 'booking_confirmation']);
    } finally {
      await api('PATCH', path, { as: 'admin', body: { reminder_lead_hours: before.body.reminder_lead_hours } });
    }
  });
});
