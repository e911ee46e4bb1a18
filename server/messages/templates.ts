/**
 * What each message says, by kind and channel. Minimum necessary: a service's
 * name at most, never a diagnosis, a score or a therapy's detail; an SMS says
 * only when and where to look; a staff alert names no client and no result.
 * Every time is on the clinic's clock (the contract's clinic-time helpers),
 * whatever the server's zone.
 */
import { CLIENT_CHANGE_CUTOFF_HOURS, clinicTimeText, type components } from '@contract';
import { appointmentCalendar } from './calendar.ts';

type Schemas = components['schemas'];
export type MessageKind = Schemas['MessageKind'];
export type MessageChannel = Schemas['MessageChannel'];

export interface ClinicFacts {
  name: string;
  timeZone: string;
  phone: string | null;
  address: string | null;
  videoRoomUrl: string | null;
}

export interface AppointmentFacts {
  id: string;
  version: number;
  status: Schemas['AppointmentStatus'];
  startsAt: Date;
  endsAt: Date;
  serviceName: string;
  preparation: string | null;
  whatToBring: string | null;
  fastingHours: number | null;
  /** How a call takes place; null for a visit to the clinic. */
  callMode: Schemas['CallMode'] | null;
}

export interface MessageContext {
  kind: MessageKind;
  channel: MessageChannel;
  /** The recipient's first name, when a person. */
  firstName: string | null;
  /** The recipient's id, for links into the portal. */
  recipientId: string | null;
  /** Where people open Thrive (links). */
  appUrl: string;
  clinic: ClinicFacts | null;
  appointment: AppointmentFacts | null;
  /** A move's earlier start. */
  previousStartsAt: Date | null;
  temporaryPassword: string | null;
  /** The one-click unsubscribe address (a reminder by e-mail). */
  unsubscribeUrl: string | null;
  /** When it is rendered (the calendar file's stamp). */
  now: Date;
}

export interface RenderedMessage {
  subject: string;
  /** The e-mail's plain text, or the SMS's whole body. */
  text: string;
  /** An RFC 5545 file to attach, for e-mails about an appointment. */
  calendar: string | null;
}

function need<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`A message of this kind needs ${what}`);
  return value;
}

const when = (instant: Date, clinic: ClinicFacts) => `${clinicTimeText(instant, clinic.timeZone)} (${clinic.timeZone})`;
const hello = (context: MessageContext) => (context.firstName ? `Hello ${context.firstName},` : 'Hello,');
const signOff = (clinic: ClinicFacts | null) => (clinic ? `Thrive ${clinic.name.replace(/^Thrive /, '')}` : 'Thrive');
const portal = (context: MessageContext, page: 'home' | 'profile' = 'home') =>
  context.recipientId ? `${context.appUrl}/user/${page}/${context.recipientId}` : `${context.appUrl}/`;

function where(appointment: AppointmentFacts, clinic: ClinicFacts, withVideoLink: boolean): string {
  if (appointment.callMode === 'phone') return 'By phone: the clinic calls you on the number in your profile.';
  if (appointment.callMode === 'video') {
    return withVideoLink && clinic.videoRoomUrl
      ? `By video: join at ${clinic.videoRoomUrl}`
      : 'By video: the link comes with your reminder the day before.';
  }
  return clinic.address ? `${clinic.name}, ${clinic.address}` : clinic.name;
}

function preparation(appointment: AppointmentFacts): string[] {
  const lines: string[] = [];
  if (appointment.fastingHours !== null) {
    lines.push(`Nothing but water for ${appointment.fastingHours} hours before it starts.`);
  }
  if (appointment.preparation) lines.push(appointment.preparation);
  if (appointment.whatToBring) lines.push(`Bring: ${appointment.whatToBring}`);
  return lines.length > 0 ? ['', 'How to prepare:', ...lines.map((line) => `- ${line}`)] : [];
}

function howToChange(context: MessageContext, clinic: ClinicFacts): string {
  const call = clinic.phone ? `, or call the clinic on ${clinic.phone}` : ', or call the clinic';
  return (
    `To cancel or move it, open Thrive (${portal(context)}) until ${CLIENT_CHANGE_CUTOFF_HOURS} hours ` +
    `before it starts${call}.`
  );
}

function calendarOf(context: MessageContext, appointment: AppointmentFacts, clinic: ClinicFacts): string {
  return appointmentCalendar({
    appointmentId: appointment.id,
    sequence: appointment.version,
    start: appointment.startsAt,
    end: appointment.endsAt,
    summary: `${appointment.serviceName}, ${clinic.name}`,
    location: appointment.callMode === null ? (clinic.address ?? clinic.name) : null,
    description: [where(appointment, clinic, false), ...preparation(appointment)].join('\n'),
    cancelled: appointment.status === 'cancelled',
    stamp: context.now,
  });
}

/** An SMS: the clinic, what happened and when, nothing more. */
function smsAbout(context: MessageContext): RenderedMessage {
  const clinic = need(context.clinic, 'a clinic');
  const appointment = need(context.appointment, 'an appointment');
  const at = clinicTimeText(appointment.startsAt, clinic.timeZone);
  const video =
    appointment.callMode === 'video' && clinic.videoRoomUrl && context.kind === 'reminder'
      ? ` Video: ${clinic.videoRoomUrl}`
      : '';
  const what: Record<string, string> = {
    booking_confirmation: `your appointment is booked for ${at}.`,
    reminder: `a reminder of your appointment on ${at}.`,
    appointment_moved: `your appointment is moved to ${at}.`,
    appointment_cancelled: `your appointment on ${at} is cancelled.`,
  };
  // The link last: a phone links an address up to the end, never into the next word.
  const text = `${clinic.name}: ${what[context.kind] ?? ''} Details in Thrive.${video}`;
  return { subject: text, text, calendar: null };
}

function appointmentEmail(context: MessageContext): RenderedMessage {
  const clinic = need(context.clinic, 'a clinic');
  const appointment = need(context.appointment, 'an appointment');
  const at = when(appointment.startsAt, clinic);
  const service = appointment.serviceName;
  const details = [`What: ${service}`, `When: ${at}`, `Where: ${where(appointment, clinic, true)}`];
  const on = clinicTimeText(appointment.startsAt, clinic.timeZone);
  const part = ((): { subject: string; lead: string[]; more: string[] } => {
    switch (context.kind) {
      case 'booking_confirmation':
        return {
          subject: `Booked: ${service}, ${on}`,
          lead: ['Your appointment is booked.'],
          more: [
            ...preparation(appointment),
            '',
            howToChange(context, clinic),
            'The attached file adds it to your calendar.',
          ],
        };
      case 'reminder':
        return {
          subject: `Reminder: ${service}, ${on}`,
          lead: ['A reminder of your appointment.'],
          more: [
            ...preparation(appointment),
            '',
            howToChange(context, clinic),
            '',
            `No more reminders by e-mail? Choose how we reach you in Thrive: ${portal(context, 'profile')}`,
          ],
        };
      case 'appointment_moved':
        return {
          subject: `Moved: ${service}, now ${on}`,
          lead: [
            `The clinic moved your appointment from ${when(need(context.previousStartsAt, 'the earlier start'), clinic)}.`,
          ],
          more: ['', howToChange(context, clinic), 'The attached file updates it in your calendar.'],
        };
      case 'appointment_cancelled':
      case 'staff_alert':
      case 'temporary_password':
      case 'invitation':
        return {
          subject: `Cancelled: ${service}, ${on}`,
          lead: ['The clinic cancelled your appointment.'],
          more: [
            '',
            `To book again, open Thrive (${portal(context)})${clinic.phone ? ` or call ${clinic.phone}` : ''}.`,
            'The attached file removes it from your calendar.',
          ],
        };
    }
  })();
  const text = [hello(context), '', ...part.lead, '', ...details, ...part.more, '', signOff(clinic)].join('\n');
  return { subject: part.subject, text: `${text}\n`, calendar: calendarOf(context, appointment, clinic) };
}

export const STAFF_ALERT_SUBJECT = 'A Thrive check needs a follow-up';

function staffAlert(context: MessageContext): RenderedMessage {
  const clinic = need(context.clinic, 'a clinic');
  const text = [
    'Hello,',
    '',
    `A client's Thrive check at ${clinic.name} asks for a follow-up today.`,
    `Open the hub's Thrive check alerts: ${context.appUrl}/hub`,
    '',
    'This e-mail names no client and no result on purpose: both are in Thrive.',
    '',
    signOff(clinic),
  ].join('\n');
  return { subject: STAFF_ALERT_SUBJECT, text: `${text}\n`, calendar: null };
}

function passwordEmail(context: MessageContext): RenderedMessage {
  const password = need(context.temporaryPassword, 'a temporary password');
  const invitation = context.kind === 'invitation';
  const text = [
    hello(context),
    '',
    invitation
      ? 'The clinic has made you an account in Thrive. Here is a password to sign in with the first time:'
      : 'The clinic has reset your Thrive password. Here is a temporary password to sign in with:',
    '',
    `    ${password}`,
    '',
    `Sign in at ${context.appUrl}/login with your e-mail address and this password; Thrive then asks you to choose`,
    'a password of your own. It works once, for a few days at most.',
    '',
    invitation ? 'If you did not expect this, you can ignore it.' : 'If you did not ask for this, call the clinic.',
    '',
    signOff(context.clinic),
  ].join('\n');
  return {
    subject: invitation ? 'Your invitation to Thrive' : 'Your temporary Thrive password',
    text: `${text}\n`,
    calendar: null,
  };
}

export function renderMessage(context: MessageContext): RenderedMessage {
  switch (context.kind) {
    case 'booking_confirmation':
    case 'reminder':
    case 'appointment_moved':
    case 'appointment_cancelled':
      return context.channel === 'sms' ? smsAbout(context) : appointmentEmail(context);
    case 'staff_alert':
      return staffAlert(context);
    case 'temporary_password':
    case 'invitation':
      return passwordEmail(context);
  }
}
