/**
 * What the clinic sends and when: the kinds of message a client chooses
 * channels for, the defaults and SMS quiet hours. (The reminder lead is each
 * clinic's, in its record: 24 hours unless it says otherwise.) The
 * server decides with these when a message goes; the portal shows the same
 * choices and says when an SMS waits.
 */
import { addDays, instantAt, wallClockAt } from '../time/clinic-time.ts';
import type { components } from '../schema.gen.ts';

type MessageKind = components['schemas']['MessageKind'];
type MessageTopic = components['schemas']['MessageTopic'];
type MessagePreferences = components['schemas']['MessagePreferences'];

/** The kinds a client chooses channels for, in the order the portal lists them. */
export const MESSAGE_TOPICS: readonly { topic: MessageTopic; label: string }[] = [
  { topic: 'booking_confirmation', label: 'Booking confirmations' },
  { topic: 'reminder', label: 'Reminders' },
  { topic: 'appointment_change', label: 'Moves and cancellations by the clinic' },
];

/** The client's topic a message belongs to; null for those the client cannot turn off (passwords, staff alerts). */
export function topicOfKind(kind: MessageKind): MessageTopic | null {
  switch (kind) {
    case 'booking_confirmation':
      return 'booking_confirmation';
    case 'reminder':
      return 'reminder';
    case 'appointment_moved':
    case 'appointment_cancelled':
      return 'appointment_change';
    case 'staff_alert':
    case 'temporary_password':
    case 'invitation':
      return null;
  }
}

/**
 * Until a client chooses: every kind by e-mail, and by SMS too when the client
 * asked to be reached by text (its profile's preferred contact method).
 */
export function defaultMessagePreferences(prefersSms: boolean): MessagePreferences {
  const choice = { email: true, sms: prefersSms };
  return { booking_confirmation: { ...choice }, reminder: { ...choice }, appointment_change: { ...choice } };
}

/** No SMS from this time of the evening until QUIET_HOURS_END on the clinic's clock; they wait. */
export const QUIET_HOURS_START = '21:00';
export const QUIET_HOURS_END = '08:00';

/**
 * When an SMS due at `instant` may go at a clinic in `timeZone`: at once
 * outside quiet hours, else at QUIET_HOURS_END of the morning that ends them.
 */
export function afterQuietHours(instant: Date, timeZone: string): Date {
  const clock = wallClockAt(instant, timeZone);
  const time = clock.time.slice(0, 5);
  if (time >= QUIET_HOURS_END && time < QUIET_HOURS_START) return instant;
  const morning = time >= QUIET_HOURS_START ? addDays(clock.date, 1) : clock.date;
  return instantAt(`${morning} ${QUIET_HOURS_END}`, timeZone);
}
