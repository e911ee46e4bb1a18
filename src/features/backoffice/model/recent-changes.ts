import type { components } from '@contract';

type AuditEvent = components['schemas']['AuditEvent'];
type AuditAction = AuditEvent['action'];

/** A field name of the contract as people say it: phone_number → phone number. */
export function fieldLabel(field: string): string {
  return field.replace(/_/g, ' ');
}

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * What was done, as a phrase that goes between who and whom ("admin@… created
 * the account of priya@…"). Names of changed fields, never their values: the
 * trail holds no health information and neither does this screen.
 */
const WHAT: Readonly<Record<AuditAction, (fields: readonly string[]) => string>> = {
  'users.create': () => 'created the account of',
  'users.delete': () => 'deleted the account of',
  'users.disable': () => 'disabled the account of',
  'users.enable': () => 'enabled the account of',
  'profiles.update': (fields) =>
    fields.length > 0 ? `changed ${listOf(fields.map(fieldLabel))} on the profile of` : 'changed the profile of',
  'enrollments.create': () => 'added a program enrollment for',
  'enrollments.update': () => 'changed a program enrollment of',
  'enrollments.delete': () => 'removed a program enrollment of',
  'appointments.create': () => 'booked an appointment for',
  'appointments.update': (fields) =>
    fields.length === 1 && fields[0] === 'status'
      ? 'moved on an appointment of'
      : fields.some((field) => ['starts_at', 'duration', 'resource_id'].includes(field))
        ? 'rescheduled an appointment of'
        : 'changed an appointment of',
  'visits.create': () => 'started a therapy visit for',
  'visits.update': () => 'charted a therapy visit of',
  'visits.sign': () => 'signed a therapy visit of',
  'visits.addendum': () => 'added an addendum to a therapy visit of',
  'assessments.create': () => 'recorded an assessment result for',
  'assessments.contact': () => 'recorded reaching out to',
  'results.create': () => 'entered a lab result for',
  'results.import': () => 'imported a lab report for',
  'results.release': () => 'released a lab result to',
  'results.report-attach': () => 'attached the lab’s report (PDF) to a lab result of',
  'advices.create': () => 'wrote advice for',
  'advices.update': (fields) =>
    fields.every((field) => field === 'acknowledged' || field === 'done') ? 'followed advice of' : 'changed advice for',
  'sessions.end': () => 'signed out',
  'support.create': () => 'started a support thread for',
  'support.reply': () => 'wrote in a support thread of',
  'users.password-reset': () => 'reset the password of',
  'users.invitation': () => 'sent the invitation again to',
  'messages.preferences-update': () => 'changed the message preferences of',
  'messages.unsubscribe': () => 'turned off, by a one-click unsubscribe, e-mails to',
  'clinics.messaging-update': (fields) =>
    fields.length > 0
      ? `changed ${listOf(fields.map(fieldLabel))} of a clinic’s messages`
      : 'changed how a clinic’s messages go out',
  // Reads are not among recent changes; named anyway, should the feed ever show them.
  'users.list': () => 'listed users',
  'users.read': () => 'looked at the account of',
  'users.count': () => 'counted users',
  'profiles.read': () => 'looked at the profile of',
  'enrollments.list': () => 'looked at the enrollments of',
  'appointments.list': () => 'looked at the appointments of',
  'appointments.read': () => 'looked at an appointment of',
  'visits.list': () => 'looked at the therapy visits of',
  'visits.read': () => 'looked at a therapy visit of',
  'assessments.list': () => 'looked at the assessment results of',
  'results.list': () => 'looked at the lab results of',
  'results.read': () => 'looked at a lab result of',
  'results.report-read': () => 'downloaded the lab’s report (PDF) of a lab result of',
  'advices.list': () => 'looked at the advice for',
  'tests.list': () => 'looked at the tests catalogue',
  'slots.list': () => 'looked at free times for',
  'support.list': () => 'looked at the support messages of',
  'support.read': () => 'looked at a support thread of',
  'clients.search': () => 'searched the clients',
  'clients.alerts': () => 'looked at the alerts of',
  'programs.list': () => 'looked at the programs',
  'programs.read': () => 'looked at a program',
  'audit.list': () => 'read the audit trail',
  'requests.refused': () => 'sent a request that was refused',
  'messages.list': () => 'looked at the messages sent to',
  'messages.preferences-read': () => 'looked at the message preferences of',
  'clinics.messaging-read': () => 'looked at how a clinic’s messages go out',
};

const OUTCOMES: Readonly<Record<AuditEvent['outcome'], string | null>> = {
  success: null,
  denied: 'Refused',
  not_found: 'Not found',
  conflict: 'Conflict',
  invalid: 'Invalid',
  error: 'Failed',
  unauthenticated: 'Not signed in',
  rate_limited: 'Too many requests',
};

export interface ChangeLine {
  who: string;
  what: string;
  /** Whose record; null when the action is about no one in particular. */
  whom: string | null;
  /** How it ended, when it did not succeed. */
  outcome: string | null;
}

/** One audit record as a line of recent changes: who did what to whom, and whether it went through. */
export function describeChange(event: AuditEvent): ChangeLine {
  // The API joins in the e-mails it holds now: a deleted user's is gone.
  const what = WHAT[event.action](event.fields);
  const needsWhom = / (of|for)$/.test(what);
  const whom =
    event.subject_id !== null
      ? (event.subject_email ?? 'a user no longer in Thrive')
      : needsWhom
        ? 'a user' // e.g. a refused create, which never got an id
        : null;
  return {
    who: event.actor_email ?? 'An account unknown to Thrive',
    what,
    whom,
    outcome: OUTCOMES[event.outcome],
  };
}
