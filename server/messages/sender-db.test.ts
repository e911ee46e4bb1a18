import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { queueAppointmentMessages } from './appointment-messages.ts';
import type { OutgoingEmail, OutgoingSms, Providers } from './providers.ts';
import { listStaffAlerts } from './messages-service.ts';
import { QUIET_HOURS_REASON, runSenderRound } from './sender.ts';
import { queueStaffAlert } from './staff-alerts.ts';

/**
 * The outbox and its sender on a real (embedded) database: a message written
 * twice for one cause is one message; two senders at once send each message
 * once; a reminder comes due within the clinic's lead; an SMS waits out quiet
 * hours; a failure is retried after a backoff and given up at the deadline,
 * where staff see it (a care inbox's alert).
 */
let db: Database;
const CLINIC = '11111111-1111-4111-8111-111111111111';
const RESOURCE = '22222222-2222-4222-8222-222222222222';
const SERVICE = '33333333-3333-4333-8333-333333333333';
const CLIENT = '44444444-4444-4444-8444-444444444444';

let emails: OutgoingEmail[];
let sms: OutgoingSms[];
let failures: number;

const providers: Providers = {
  email: {
    async send(email) {
      if (failures > 0) {
        failures -= 1;
        throw Object.assign(new Error('refused'), { code: 'EENVELOPE', responseCode: 451 });
      }
      emails.push(email);
      // A real provider answers after a while: the other sender's round runs meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { providerId: `<${emails.length}@test>` };
    },
    close: () => undefined,
  },
  sms: {
    send(message) {
      sms.push(message);
      return Promise.resolve({ providerId: null });
    },
  },
};

async function book(startsAt: string): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO appointments (client_id, resource_id, service_id, starts_at, duration, created_by)
     VALUES ($1, $2, $3, $4, '30 minutes', 'reception') RETURNING id`,
    [CLIENT, RESOURCE, SERVICE, startsAt],
  );
  return row!.id;
}

const round = (now: Date) => runSenderRound({ db, providers, appUrl: 'https://thrive.test', now: () => now });

beforeAll(async () => {
  db = await openDatabase({ kind: 'pglite', dataDir: null });
  await migrate(db);
  await db.query(
    `INSERT INTO clinics (id, name, time_zone, phone, care_inbox) VALUES ($1, 'Thrive Bengaluru', 'Asia/Kolkata', '+918041234567', 'care@thrive.test')`,
    [CLINIC],
  );
  await db.query(`INSERT INTO resources (id, clinic_id, name, kind) VALUES ($1, $2, 'Test room', 'test_room')`, [
    RESOURCE,
    CLINIC,
  ]);
  await db.query(
    `INSERT INTO services (id, name, therapy_kind, resource_kinds, fasting_hours)
     VALUES ($1, 'Fasting blood panel', 'test', '["test_room"]', 10)`,
    [SERVICE],
  );
  await db.query(`INSERT INTO users (id, email, role) VALUES ($1, 'asha@thrive.test', 'CLIENT')`, [CLIENT]);
  await db.query(
    `INSERT INTO profiles (client_id, first_name, last_name, phone_number, preferred_contact_method)
     VALUES ($1, 'Asha', 'Rao', '+919876543210', 'sms')`,
    [CLIENT],
  );
});

beforeEach(async () => {
  emails = [];
  sms = [];
  failures = 0;
  await db.query('DELETE FROM appointments');
});

afterAll(async () => {
  await db.close();
});

describe('the outbox', () => {
  it('keeps one message per cause, however often it is written', async () => {
    const id = await book('2031-03-04T03:45:00Z');
    const now = new Date('2031-02-01T06:00:00Z');
    const first = await db.transaction((tx) =>
      queueAppointmentMessages(tx, { appointmentId: id, kind: 'booking_confirmation' }, now),
    );
    const again = await db.transaction((tx) =>
      queueAppointmentMessages(tx, { appointmentId: id, kind: 'booking_confirmation' }, now),
    );
    expect([first, again]).toEqual([2, 0]);
    const rows = await db.query<{ channel: string; subject: string }>(
      'SELECT channel, subject FROM messages WHERE appointment_id = $1 ORDER BY channel',
      [id],
    );
    expect(rows).toEqual([
      { channel: 'email', subject: 'Booked: Fasting blood panel, Tue 4 Mar 2031, 09:15' },
      {
        channel: 'sms',
        subject: 'Thrive Bengaluru: your appointment is booked for Tue 4 Mar 2031, 09:15. Details in Thrive.',
      },
    ]);
  });

  it('sends each message once when two senders run at the same time', async () => {
    const now = new Date('2031-02-01T06:00:00Z'); // 11:30 in Bengaluru: no quiet hours
    const ids = await Promise.all(['2031-03-10T04:00:00Z', '2031-03-11T04:00:00Z', '2031-03-12T04:00:00Z'].map(book));
    await db.transaction(async (tx) => {
      for (const appointmentId of ids) {
        await queueAppointmentMessages(tx, { appointmentId, kind: 'booking_confirmation' }, now);
      }
    });
    const claimed = await Promise.all([round(now), round(now)]);
    expect(claimed.reduce((sum, count) => sum + count, 0)).toBe(6);
    expect(emails).toHaveLength(3);
    expect(sms).toHaveLength(3);
    expect(await round(now)).toBe(0);
    const attempts = await db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM message_attempts WHERE outcome = 'sent'",
    );
    expect(attempts[0]?.count).toBeGreaterThanOrEqual(6);
  });

  it('writes a reminder once the appointment is within the lead, and holds its SMS through quiet hours', async () => {
    const id = await book('2031-03-20T04:30:00Z'); // 10:00 in Bengaluru
    // 22:30 the evening before in Bengaluru: inside the 24-hour lead, inside quiet hours.
    const evening = new Date('2031-03-19T17:00:00Z');
    expect(await round(new Date('2031-03-18T17:00:00Z'))).toBe(0);
    await round(evening);
    expect(emails.map((email) => email.subject)).toEqual(['Reminder: Fasting blood panel, Thu 20 Mar 2031, 10:00']);
    expect(emails[0]?.unsubscribeUrl).toMatch(/^https:\/\/thrive\.test\/api\/v1\/messages\/unsubscribe\?token=/);
    expect(sms).toEqual([]);
    const [waiting] = await db.query<{ not_before: Date; reason: string }>(
      "SELECT not_before, reason FROM messages WHERE appointment_id = $1 AND channel = 'sms'",
      [id],
    );
    expect(new Date(waiting!.not_before).toISOString()).toBe('2031-03-20T02:30:00.000Z'); // 08:00 in Bengaluru
    expect(waiting?.reason).toBe(QUIET_HOURS_REASON);
    await round(new Date('2031-03-20T02:30:00Z'));
    expect(sms.map((message) => message.text)).toEqual([
      'Thrive Bengaluru: a reminder of your appointment on Thu 20 Mar 2031, 10:00. Details in Thrive.',
    ]);
  });

  it('skips a reminder whose appointment moved, and writes one for its new time', async () => {
    const id = await book('2031-04-02T05:00:00Z');
    const now = new Date('2031-04-01T06:00:00Z');
    await db.transaction((tx) => queueAppointmentMessages(tx, { appointmentId: id, kind: 'reminder' }, now));
    await db.query("UPDATE appointments SET starts_at = '2031-04-02T06:00:00Z' WHERE id = $1", [id]);
    await round(now);
    const rows = await db.query<{ status: string; reason: string | null }>(
      "SELECT status, reason FROM messages WHERE appointment_id = $1 AND channel = 'email' ORDER BY created_at",
      [id],
    );
    expect(rows).toEqual([
      { status: 'skipped', reason: 'The appointment was moved; a reminder for its new time follows.' },
      { status: 'sent', reason: null },
    ]);
  });

  it('retries a failed send after a backoff, and gives up at the deadline, saying why', async () => {
    const id = await book('2031-05-10T05:00:00Z'); // beyond the reminder lead: one message
    const now = new Date('2031-05-01T06:00:00Z');
    await db.query("INSERT INTO message_preferences VALUES ($1, 'booking_confirmation', true, false)", [CLIENT]);
    await db.transaction((tx) =>
      queueAppointmentMessages(tx, { appointmentId: id, kind: 'booking_confirmation' }, now),
    );
    await db.query('DELETE FROM message_preferences');
    failures = 100;
    await round(now);
    const [failedOnce] = await db.query<{ status: string; attempts: number; not_before: Date }>(
      'SELECT status, attempts, not_before FROM messages WHERE appointment_id = $1',
      [id],
    );
    expect(failedOnce).toMatchObject({ status: 'pending', attempts: 1 });
    expect(new Date(failedOnce!.not_before).getTime() - now.getTime()).toBe(30_000);
    expect(await round(new Date(now.getTime() + 10_000))).toBe(0);
    await round(new Date(now.getTime() + 25 * 60 * 60_000));
    const [gaveUp] = await db.query<{ status: string; reason: string }>(
      'SELECT status, reason FROM messages WHERE appointment_id = $1',
      [id],
    );
    expect(gaveUp?.status).toBe('failed');
    expect(gaveUp?.reason).toBe('Not sent before its deadline.');
  });

  it('lists a staff alert it gave up on for staff, failed with the reason, and for no client', async () => {
    const now = new Date('2031-06-01T06:00:00Z');
    const assessmentId = '55555555-5555-4555-8555-555555555555';
    await db.transaction((tx) => queueStaffAlert(tx, { assessmentId, clientId: CLIENT }, now));
    failures = 100;
    await round(now);
    await round(new Date(now.getTime() + 25 * 60 * 60_000));
    const nurse = {
      id: '66666666-6666-4666-8666-666666666666',
      role: 'NURSE',
      deviceId: null,
      idempotency: null,
    } as const;
    const failed = await listStaffAlerts(db, nurse, { clinic: CLINIC, status: 'failed' });
    expect(failed.results).toEqual([
      expect.objectContaining({
        kind: 'staff_alert',
        status: 'failed',
        reason: 'Not sent before its deadline.',
        to: 'c•••@thrive.test',
        subject: 'A Thrive check needs a follow-up',
      }),
    ]);
    expect((await listStaffAlerts(db, nurse, { status: 'sent' })).results).toEqual([]);
    const client = { id: CLIENT, role: 'CLIENT', deviceId: null, idempotency: null } as const;
    await expect(listStaffAlerts(db, client, {})).rejects.toMatchObject({ status: 403 });
  });
});
