import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  renderMessage,
  type AppointmentFacts,
  type ClinicFacts,
  type MessageContext,
  type MessageKind,
} from './templates.ts';

/**
 * Every kind of message, as it reads at each clinic (its zone's clock), by e-mail and by SMS: snapshots a
 * person reviews once, and then any change to what Thrive tells people shows in review. Checked besides:
 * nothing clinical, the calendar file read back as a calendar reads it.
 */
const CLINICS: readonly ClinicFacts[] = [
  {
    name: 'Thrive Bengaluru',
    timeZone: 'Asia/Kolkata',
    phone: '+918041234567',
    address: '12 Residency Road, Ashok Nagar, Bengaluru 560025',
    videoRoomUrl: 'https://meet.thrive.test/bengaluru-intake',
  },
  {
    name: 'Thrive London',
    timeZone: 'Europe/London',
    phone: '+442071234567',
    address: '48 Marylebone High Street, London W1U 5HW',
    videoRoomUrl: 'https://meet.thrive.test/london-intake',
  },
];

const PANEL: AppointmentFacts = {
  id: '5b0c2f7e-8a31-4c55-9d0e-2f4f1c2a9b10',
  version: 3,
  status: 'booked',
  // 09:15 in Bengaluru, 03:45 in London (GMT): each clinic reads it on its own clock.
  startsAt: new Date('2031-03-04T03:45:00Z'),
  endsAt: new Date('2031-03-04T04:00:00Z'),
  serviceName: 'Fasting blood panel',
  preparation: 'Drink water as usual; take your usual medicines unless your doctor said otherwise.',
  whatToBring: 'A list of the medicines you take',
  fastingHours: 10,
  callMode: null,
};

const VIDEO_CALL: AppointmentFacts = {
  ...PANEL,
  serviceName: 'Intake call',
  preparation: null,
  whatToBring: null,
  fastingHours: null,
  callMode: 'video',
};

function context(kind: MessageKind, clinic: ClinicFacts, extra: Partial<MessageContext> = {}): MessageContext {
  return {
    kind,
    channel: 'email',
    firstName: 'Asha',
    recipientId: '0f4e2a9c-1b7d-4e3a-9c55-6a2b8d0e4f11',
    appUrl: 'https://thrive.example',
    clinic,
    appointment: PANEL,
    previousStartsAt: null,
    temporaryPassword: null,
    unsubscribeUrl: null,
    now: new Date('2031-03-01T10:00:00Z'),
    ...extra,
  };
}

const KINDS: readonly [MessageKind, Partial<MessageContext>][] = [
  ['booking_confirmation', {}],
  ['reminder', { unsubscribeUrl: 'https://thrive.example/api/v1/messages/unsubscribe?token=t' }],
  ['reminder', { appointment: VIDEO_CALL }],
  ['appointment_moved', { previousStartsAt: new Date('2031-03-03T05:30:00Z') }],
  ['appointment_cancelled', { appointment: { ...PANEL, status: 'cancelled', version: 4 } }],
  ['staff_alert', { appointment: null, recipientId: null, firstName: null }],
  ['temporary_password', { appointment: null, clinic: null, temporaryPassword: 'Kp7!mQ2z#Rt9wX4v@Ln8' }],
  ['invitation', { appointment: null, clinic: null, temporaryPassword: 'Kp7!mQ2z#Rt9wX4v@Ln8' }],
];

describe.each(CLINICS)('messages of $name, on its clock', (clinic) => {
  it.each(KINDS)('%s by e-mail', (kind, extra) => {
    const { subject, text } = renderMessage(context(kind, clinic, extra));
    expect(`Subject: ${subject}\n\n${text}`).toMatchSnapshot();
  });

  it.each(
    KINDS.filter(([kind]) =>
      ['booking_confirmation', 'reminder', 'appointment_moved', 'appointment_cancelled'].includes(kind),
    ),
  )('%s by SMS', (kind, extra) => {
    const sms = renderMessage({ ...context(kind, clinic, extra), channel: 'sms' });
    expect(sms.text).toMatchSnapshot();
    expect(sms.text.length).toBeLessThanOrEqual(160);
    expect(sms.text).not.toContain('Fasting blood panel');
  });
});

describe('what a message never says', () => {
  it('gives a staff alert no name, no e-mail and no score', () => {
    const { text, subject } = renderMessage(
      context('staff_alert', CLINICS[0]!, { appointment: null, recipientId: null, firstName: null }),
    );
    expect(`${subject}\n${text}`).not.toMatch(/Asha|score|\d{1,3}\s*(%|points?)/i);
  });
});

describe('the calendar file', () => {
  it('reads back as one event at the appointment’s instants, with its UID, version and status', () => {
    for (const [appointment, status] of [
      [PANEL, 'CONFIRMED'],
      [{ ...PANEL, status: 'cancelled' as const, version: 4 }, 'CANCELLED'],
    ] as const) {
      const { calendar } = renderMessage(context('booking_confirmation', CLINICS[1]!, { appointment }));
      expect(calendar).toMatch(/\r\n$/);
      expect(calendar!.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
      const parsed = ICAL.Component.fromString(calendar!);
      expect(parsed.getFirstPropertyValue('version')).toBe('2.0');
      expect(parsed.getFirstPropertyValue('method')).toBe('PUBLISH');
      const [vevent, ...others] = parsed.getAllSubcomponents('vevent');
      expect(others).toEqual([]);
      const event = new ICAL.Event(vevent);
      expect(event.uid).toBe(`appointment-${PANEL.id}@thrive.clinic`);
      expect(event.sequence).toBe(appointment.version);
      expect(event.startDate.toJSDate().toISOString()).toBe('2031-03-04T03:45:00.000Z');
      expect(event.endDate.toJSDate().toISOString()).toBe('2031-03-04T04:00:00.000Z');
      expect(event.summary).toBe('Fasting blood panel, Thrive London');
      expect(event.location).toBe('48 Marylebone High Street, London W1U 5HW');
      expect(vevent!.getFirstPropertyValue('status')).toBe(status);
    }
  });
});
