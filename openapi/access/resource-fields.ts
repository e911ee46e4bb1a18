/**
 * Minimum necessary, resource by resource: which fields of each answer (and
 * of each request body) a role reads and writes, as profiles have it
 * (profile-access.ts). Every field of a resource belongs to one part; a role
 * reads and writes whole parts. The server answers every record through the
 * caller's read set (list and detail alike) and refuses a body naming a field
 * outside its write set (403 naming the field); the screens ask the same table
 * what to offer, and say "Not shown to your role" for a field left out.
 *
 * Whose records a role reaches at all is ACCESS_RULES (rules.ts); this table
 * says how much of each record. A field a reader may go without is optional
 * in clinic.yaml (resource-fields.test.ts holds the two together).
 */
import type { components } from '../schema.gen.ts';
import type { Operation, RoleOrNone } from './rules.ts';
import { ADVICE_RESOURCE, RESULT_RESOURCE } from './result-fields.ts';

type Schemas = components['schemas'];

export interface PartAccess<Part extends string> {
  read: readonly Part[];
  write: readonly Part[];
}

export interface ResourceFields<Part extends string> {
  /** The operation that reads it: a role with a grant for it reads some part, a role without reads none. */
  readBy: Operation;
  /** The contract's schemas this resource is answered as. */
  answers: readonly (keyof Schemas)[];
  /** The request bodies that write it. */
  bodies: readonly (keyof Schemas)[];
  /** Every top-level field of those schemas, in the part it belongs to. */
  fields: Readonly<Record<string, Part>>;
  /** The parts each role reads and writes of the records its grants reach. */
  roles: Readonly<Record<RoleOrNone, PartAccess<Part>>>;
}

const NOTHING = { read: [], write: [] } as const;

type VisitPart = 'record' | 'clinical';

/**
 * A therapy visit (PRODUCT.md section 3). `record`: that it exists, its
 * therapy, times (its beginning, how long it was booked for) and state, who
 * started and signed it. `clinical`: what was charted (consent, screen,
 * vitals, the therapy's own fields, reactions, notes, who entered each entry
 * and when on the device, addenda) and the electronic signature (its meaning,
 * the signer's re-authentication, the reasons given for plausibility
 * warnings, the content hash), as answered and as the sign-off and addendum
 * bodies write it. Nurses and doctors read and write both; reception, health
 * coaches and nutritionists read the record only (a coach's work needs WHO-5,
 * cognitive results and programs, not IV or HBOT content); a client reads all
 * of its own signed visits; ADMIN nothing.
 */
const VISIT_FIELDS = {
  id: 'record',
  client_id: 'record',
  client_name: 'record',
  therapy: 'record',
  appointment_id: 'record',
  appointment_ends_at: 'record',
  clinic_id: 'record',
  clinic_name: 'record',
  state: 'record',
  version: 'record',
  created_by: 'record',
  created_by_name: 'record',
  created_at: 'record',
  updated_at: 'record',
  signed_by: 'record',
  signed_by_name: 'record',
  signed_at: 'record',
  signed_on_device_at: 'record',
  people: 'record',
  addenda_count: 'record',
  opened_at: 'record',
  planned_minutes: 'record',
  consent: 'clinical',
  contraindications: 'clinical',
  vitals: 'clinical',
  reactions: 'clinical',
  notes: 'clinical',
  iv: 'clinical',
  hbot: 'clinical',
  pet: 'clinical',
  red_light: 'clinical',
  fir: 'clinical',
  derived: 'clinical',
  attributions: 'clinical',
  addenda: 'clinical',
  content_hash: 'clinical',
  recorded_at: 'clinical',
  signature: 'clinical',
  meaning: 'clinical',
  reauthenticated_with: 'clinical',
  acknowledged_warnings: 'clinical',
  device_clock_offset_ms: 'clinical',
  text: 'clinical',
  written_on_device_at: 'clinical',
} as const satisfies Record<
  | keyof Schemas['Visit']
  | keyof Schemas['VisitSummary']
  | keyof Schemas['VisitDraft']
  | keyof Schemas['VisitSign']
  | keyof Schemas['AddendumCreate'],
  VisitPart
>;

const CHARTS: PartAccess<VisitPart> = { read: ['record', 'clinical'], write: ['record', 'clinical'] };
const SEES_VISITS: PartAccess<VisitPart> = { read: ['record'], write: [] };

type AlertPart = 'record' | 'clinical' | 'wellbeing';

/**
 * What to watch out for with a client: its consent (everyone who reaches it), the clinical alerts (nurses
 * and doctors), and a very low Thrive check with staff's contacts about it (the care team, who read
 * wellbeing results and follow them up).
 */
const ALERT_FIELDS = {
  client_id: 'record',
  hipaa_consent: 'record',
  contraindications: 'clinical',
  reactions: 'clinical',
  wellbeing: 'wellbeing',
} as const satisfies Record<keyof Schemas['ClientAlerts'], AlertPart>;

const CLINICAL_ALERTS: PartAccess<AlertPart> = { read: ['record', 'clinical', 'wellbeing'], write: [] };
const WELLBEING_ALERTS: PartAccess<AlertPart> = { read: ['record', 'wellbeing'], write: [] };

type AssessmentPart = 'record' | 'who5' | 'cognitive' | 'risk' | 'follow-up';

/**
 * A client's result. `record`: which kind, when, by whom; then each kind's
 * answers and scores; `follow-up`: staff's contacts with the client about a
 * result that raised an alert (when, how, the outcome, a note, who). Reception
 * sees that a result was taken; the care team (nurses, doctors, coaches,
 * nutritionists) reads them all and records the contacts. A client records its
 * own Thrive checks and cognitive runs and reads its results, not the care
 * team's notes on reaching it (a crisis follow-up's notes stay off a device
 * the client may share); the care team shares risk results.
 */
const ASSESSMENT_FIELDS = {
  id: 'record',
  client_id: 'record',
  client_name: 'record',
  type: 'record',
  taken_at: 'record',
  created_at: 'record',
  created_by: 'record',
  created_by_name: 'record',
  complete: 'record',
  baseline: 'record',
  answers: 'who5',
  raw_score: 'who5',
  score: 'who5',
  alert: 'who5',
  cognitive: 'cognitive',
  cognitive_scores: 'cognitive',
  cardiovascular_risk: 'risk',
  cardiovascular_risk_result: 'risk',
  contacts: 'follow-up',
  contacted_at: 'follow-up',
  method: 'follow-up',
  outcome: 'follow-up',
  note: 'follow-up',
} as const satisfies Record<
  keyof Schemas['Assessment'] | keyof Schemas['AssessmentCreate'] | keyof Schemas['WellbeingContactCreate'],
  AssessmentPart
>;

const READS_RESULTS: PartAccess<AssessmentPart> = {
  read: ['record', 'who5', 'cognitive', 'risk', 'follow-up'],
  write: ['record', 'risk', 'follow-up'],
};

type AppointmentPart = 'booking' | 'clinic';

/**
 * An appointment. `booking`: what a client books and changes on its own
 * booking (service, place, time, a cancellation); `clinic`: what only the
 * clinic sets (who runs it, how long, its notes). Everyone who reaches an
 * appointment reads all of it; the staff group writes both parts.
 */
const APPOINTMENT_FIELDS = {
  id: 'booking',
  client_id: 'booking',
  client_name: 'booking',
  clinic_id: 'booking',
  clinic_name: 'booking',
  time_zone: 'booking',
  resource_id: 'booking',
  resource_name: 'booking',
  resource_kind: 'booking',
  service_id: 'booking',
  service_name: 'booking',
  therapy_kind: 'booking',
  starts_at: 'booking',
  ends_at: 'booking',
  occupied_until: 'booking',
  status: 'booking',
  call_mode: 'booking',
  created_by: 'booking',
  version: 'booking',
  checked_in_at: 'booking',
  started_at: 'booking',
  completed_at: 'booking',
  cancelled_at: 'booking',
  created_at: 'booking',
  updated_at: 'booking',
  staff_id: 'clinic',
  staff_name: 'clinic',
  duration: 'clinic',
  notes: 'clinic',
} as const satisfies Record<
  | keyof Schemas['Appointment']
  | keyof Schemas['ScheduleEntry']
  | keyof Schemas['AppointmentCreate']
  | keyof Schemas['AppointmentPatch'],
  AppointmentPart
>;

const BOOKS: PartAccess<AppointmentPart> = { read: ['booking', 'clinic'], write: ['booking', 'clinic'] };

type SupportPart = 'thread' | 'message';

/**
 * A client's messages to the clinic. Everyone who reaches a thread reads all
 * of it; a client starts threads (`thread`) and writes in them, staff answer
 * (`message`).
 */
const SUPPORT_FIELDS = {
  thread: 'thread',
  client_id: 'thread',
  client_name: 'thread',
  clinic_id: 'thread',
  clinic_name: 'thread',
  subject: 'thread',
  status: 'thread',
  appointment_id: 'thread',
  visit_id: 'thread',
  reference: 'thread',
  reference_label: 'thread',
  created_at: 'thread',
  last_message_at: 'thread',
  last_message_from_clinic: 'thread',
  message_count: 'thread',
  id: 'message',
  message_id: 'message',
  text: 'message',
  messages: 'message',
} as const satisfies Record<
  | keyof Schemas['SupportThreadSummary']
  | keyof Schemas['SupportThread']
  | keyof Schemas['SupportThreadCreate']
  | keyof Schemas['SupportMessageCreate'],
  SupportPart
>;

const ANSWERS_MESSAGES: PartAccess<SupportPart> = { read: ['thread', 'message'], write: ['message'] };

type EnrollmentPart = 'plan' | 'notes';

/**
 * A client's enrollment in a program: the program, its status and dates
 * (`plan`), and the care team's notes on it. ADMIN, who keeps the accounts
 * and enrolls, reads and writes the plan, not the notes (nothing clinical).
 */
const ENROLLMENT_FIELDS = {
  id: 'plan',
  user: 'plan',
  program: 'plan',
  status: 'plan',
  start_date: 'plan',
  end_date: 'plan',
  version: 'plan',
  created_by: 'plan',
  updated_by: 'plan',
  created_at: 'plan',
  updated_at: 'plan',
  notes: 'notes',
} as const satisfies Record<
  keyof Schemas['Enrollment'] | keyof Schemas['EnrollmentCreate'] | keyof Schemas['EnrollmentPatch'],
  EnrollmentPart
>;

const ENROLLS: PartAccess<EnrollmentPart> = { read: ['plan', 'notes'], write: ['plan', 'notes'] };

type MessagePart = 'sent';

/**
 * What the clinic sent a client, and how it went. The message itself holds
 * nothing clinical (a service's name at most, the address partly hidden), so
 * everyone whose grant reaches the client reads all of it: the client, and
 * the staff group answering "did my reminder go out?". Nobody writes one.
 */
const MESSAGE_FIELDS = {
  id: 'sent',
  kind: 'sent',
  channel: 'sent',
  status: 'sent',
  reason: 'sent',
  to: 'sent',
  subject: 'sent',
  appointment_id: 'sent',
  created_at: 'sent',
  sent_at: 'sent',
  attempts: 'sent',
  next_attempt_at: 'sent',
} as const satisfies Record<keyof Schemas['Message'], MessagePart>;

const SEES_MESSAGES: PartAccess<MessagePart> = { read: ['sent'], write: [] };

type PreferencePart = 'channels';

/** A client's channels for each kind of message: the client chooses them, or the desk does when it asks. */
const MESSAGE_PREFERENCE_FIELDS = {
  booking_confirmation: 'channels',
  reminder: 'channels',
  appointment_change: 'channels',
} as const satisfies Record<keyof Schemas['MessagePreferences'], PreferencePart>;

const CHOOSES_CHANNELS: PartAccess<PreferencePart> = { read: ['channels'], write: ['channels'] };

type ClinicMessagingPart = 'settings';

/** How a clinic's messages go out: about no one, set up by the administration. */
const CLINIC_MESSAGING_FIELDS = {
  clinic_id: 'settings',
  reminder_lead_hours: 'settings',
  video_room_url: 'settings',
  care_inbox: 'settings',
} as const satisfies Record<
  keyof Schemas['ClinicMessaging'] | keyof Schemas['ClinicMessagingPatch'],
  ClinicMessagingPart
>;

const SETS_UP: PartAccess<ClinicMessagingPart> = { read: ['settings'], write: ['settings'] };

export const RESOURCE_FIELDS = {
  visit: {
    readBy: 'visits.read',
    answers: ['Visit', 'VisitSummary'],
    bodies: ['VisitDraft', 'VisitSign', 'AddendumCreate'],
    fields: VISIT_FIELDS,
    roles: {
      CLIENT: { read: ['record', 'clinical'], write: [] },
      NURSE: CHARTS,
      DOCTOR: CHARTS,
      RECEPTION: SEES_VISITS,
      HEALTH_COACH: SEES_VISITS,
      NUTRITIONIST: SEES_VISITS,
      ADMIN: NOTHING,
      SUPER_ADMIN: CHARTS,
      NO_ROLE: NOTHING,
    },
  },
  alerts: {
    readBy: 'clients.discover',
    answers: ['ClientAlerts'],
    bodies: [],
    fields: ALERT_FIELDS,
    roles: {
      CLIENT: NOTHING,
      NURSE: CLINICAL_ALERTS,
      DOCTOR: CLINICAL_ALERTS,
      RECEPTION: { read: ['record'], write: [] },
      HEALTH_COACH: WELLBEING_ALERTS,
      NUTRITIONIST: WELLBEING_ALERTS,
      ADMIN: NOTHING,
      SUPER_ADMIN: CLINICAL_ALERTS,
      NO_ROLE: NOTHING,
    },
  },
  assessment: {
    readBy: 'assessments.read',
    answers: ['Assessment'],
    bodies: ['AssessmentCreate', 'WellbeingContactCreate'],
    fields: ASSESSMENT_FIELDS,
    roles: {
      CLIENT: { read: ['record', 'who5', 'cognitive', 'risk'], write: ['record', 'who5', 'cognitive'] },
      NURSE: READS_RESULTS,
      DOCTOR: READS_RESULTS,
      RECEPTION: { read: ['record'], write: [] },
      HEALTH_COACH: READS_RESULTS,
      NUTRITIONIST: READS_RESULTS,
      ADMIN: NOTHING,
      SUPER_ADMIN: READS_RESULTS,
      NO_ROLE: NOTHING,
    },
  },
  appointment: {
    readBy: 'appointments.read',
    answers: ['Appointment', 'ScheduleEntry'],
    bodies: ['AppointmentCreate', 'AppointmentPatch'],
    fields: APPOINTMENT_FIELDS,
    roles: {
      CLIENT: { read: ['booking', 'clinic'], write: ['booking'] },
      NURSE: BOOKS,
      DOCTOR: BOOKS,
      RECEPTION: BOOKS,
      HEALTH_COACH: BOOKS,
      NUTRITIONIST: BOOKS,
      ADMIN: NOTHING,
      SUPER_ADMIN: BOOKS,
      NO_ROLE: NOTHING,
    },
  },
  'support-thread': {
    readBy: 'support.read',
    answers: ['SupportThreadSummary', 'SupportThread'],
    bodies: ['SupportThreadCreate', 'SupportMessageCreate'],
    fields: SUPPORT_FIELDS,
    roles: {
      CLIENT: { read: ['thread', 'message'], write: ['thread', 'message'] },
      NURSE: ANSWERS_MESSAGES,
      DOCTOR: ANSWERS_MESSAGES,
      RECEPTION: ANSWERS_MESSAGES,
      HEALTH_COACH: ANSWERS_MESSAGES,
      NUTRITIONIST: ANSWERS_MESSAGES,
      ADMIN: NOTHING,
      SUPER_ADMIN: ANSWERS_MESSAGES,
      NO_ROLE: NOTHING,
    },
  },
  enrollment: {
    readBy: 'enrollments.read',
    answers: ['Enrollment'],
    bodies: ['EnrollmentCreate', 'EnrollmentPatch'],
    fields: ENROLLMENT_FIELDS,
    roles: {
      CLIENT: { read: ['plan', 'notes'], write: [] },
      NURSE: ENROLLS,
      DOCTOR: ENROLLS,
      RECEPTION: ENROLLS,
      HEALTH_COACH: ENROLLS,
      NUTRITIONIST: ENROLLS,
      ADMIN: { read: ['plan'], write: ['plan'] },
      SUPER_ADMIN: ENROLLS,
      NO_ROLE: NOTHING,
    },
  },
  result: RESULT_RESOURCE,
  advice: ADVICE_RESOURCE,
  message: {
    readBy: 'messages.read',
    answers: ['Message'],
    bodies: [],
    fields: MESSAGE_FIELDS,
    roles: {
      CLIENT: SEES_MESSAGES,
      NURSE: SEES_MESSAGES,
      DOCTOR: SEES_MESSAGES,
      RECEPTION: SEES_MESSAGES,
      HEALTH_COACH: SEES_MESSAGES,
      NUTRITIONIST: SEES_MESSAGES,
      ADMIN: NOTHING,
      SUPER_ADMIN: SEES_MESSAGES,
      NO_ROLE: NOTHING,
    },
  },
  // The same answer, of a clinic's care inbox: read by the care team, who follow the checks up (the hub).
  'staff-alert': {
    readBy: 'messages.alerts',
    answers: ['Message'],
    bodies: [],
    fields: MESSAGE_FIELDS,
    roles: {
      CLIENT: NOTHING,
      NURSE: SEES_MESSAGES,
      DOCTOR: SEES_MESSAGES,
      RECEPTION: NOTHING,
      HEALTH_COACH: SEES_MESSAGES,
      NUTRITIONIST: SEES_MESSAGES,
      ADMIN: NOTHING,
      SUPER_ADMIN: SEES_MESSAGES,
      NO_ROLE: NOTHING,
    },
  },
  'message-preferences': {
    readBy: 'messages.preferences',
    answers: ['MessagePreferences'],
    bodies: ['MessagePreferences'],
    fields: MESSAGE_PREFERENCE_FIELDS,
    roles: {
      CLIENT: CHOOSES_CHANNELS,
      NURSE: CHOOSES_CHANNELS,
      DOCTOR: CHOOSES_CHANNELS,
      RECEPTION: CHOOSES_CHANNELS,
      HEALTH_COACH: CHOOSES_CHANNELS,
      NUTRITIONIST: CHOOSES_CHANNELS,
      ADMIN: NOTHING,
      SUPER_ADMIN: CHOOSES_CHANNELS,
      NO_ROLE: NOTHING,
    },
  },
  'clinic-messaging': {
    readBy: 'clinics.messaging',
    answers: ['ClinicMessaging'],
    bodies: ['ClinicMessagingPatch'],
    fields: CLINIC_MESSAGING_FIELDS,
    roles: {
      CLIENT: NOTHING,
      NURSE: NOTHING,
      DOCTOR: NOTHING,
      RECEPTION: NOTHING,
      HEALTH_COACH: NOTHING,
      NUTRITIONIST: NOTHING,
      ADMIN: SETS_UP,
      SUPER_ADMIN: SETS_UP,
      NO_ROLE: NOTHING,
    },
  },
} as const satisfies {
  visit: ResourceFields<VisitPart>;
  alerts: ResourceFields<AlertPart>;
  assessment: ResourceFields<AssessmentPart>;
  appointment: ResourceFields<AppointmentPart>;
  'support-thread': ResourceFields<SupportPart>;
  enrollment: ResourceFields<EnrollmentPart>;
  result: typeof RESULT_RESOURCE;
  advice: typeof ADVICE_RESOURCE;
  message: ResourceFields<MessagePart>;
  'staff-alert': ResourceFields<MessagePart>;
  'message-preferences': ResourceFields<PreferencePart>;
  'clinic-messaging': ResourceFields<ClinicMessagingPart>;
};

export type AccessResource = keyof typeof RESOURCE_FIELDS;

/** The fields of `resource`, whichever schema holds them. */
export type ResourceField<R extends AccessResource> = keyof (typeof RESOURCE_FIELDS)[R]['fields'] & string;

export const ACCESS_RESOURCES = Object.keys(RESOURCE_FIELDS) as AccessResource[];

/** The fields of `resource` in the parts `parts`. */
function fieldsIn(resource: AccessResource, parts: readonly string[]): ReadonlySet<string> {
  const fields: Readonly<Record<string, string>> = RESOURCE_FIELDS[resource].fields;
  return new Set(Object.keys(fields).filter((field) => parts.includes(fields[field]!)));
}

/** Each role's sets, made once: a list page projects fifty records. */
const MADE = new Map<string, { read: ReadonlySet<string>; write: ReadonlySet<string>; whole: boolean }>();

function setsOf(resource: AccessResource, role: RoleOrNone) {
  const key = `${resource} ${role}`;
  let sets = MADE.get(key);
  if (!sets) {
    const access: PartAccess<string> = RESOURCE_FIELDS[resource].roles[role];
    const read = fieldsIn(resource, access.read);
    sets = {
      read,
      write: fieldsIn(resource, access.write),
      whole: read.size === Object.keys(RESOURCE_FIELDS[resource].fields).length,
    };
    MADE.set(key, sets);
  }
  return sets;
}

/** The fields of `resource` a role reads, on the records its grants reach. */
export function readableFields(resource: AccessResource, role: RoleOrNone): ReadonlySet<string> {
  return setsOf(resource, role).read;
}

/** The fields of `resource` a role writes, on the records its grants reach. */
export function writableFields(resource: AccessResource, role: RoleOrNone): ReadonlySet<string> {
  return setsOf(resource, role).write;
}

/** Whether a role reads `field` of `resource`: what a screen asks before it shows (or offers) it. */
export function mayReadField<R extends AccessResource>(
  role: RoleOrNone,
  resource: R,
  field: ResourceField<R>,
): boolean {
  return setsOf(resource, role).read.has(field);
}

/** Whether a role writes `field` of `resource`: what a form asks before it offers the field. */
export function mayWriteField<R extends AccessResource>(
  role: RoleOrNone,
  resource: R,
  field: ResourceField<R>,
): boolean {
  return setsOf(resource, role).write.has(field);
}

/**
 * A record of `resource` as `role` may read it: every field outside its read
 * set left out (the contract marks those optional). A record the role reads
 * whole is answered as it is, not copied, so treat the result as read-only.
 */
export function projectFields<T extends object>(resource: AccessResource, role: RoleOrNone, record: T): T {
  const { read, whole } = setsOf(resource, role);
  if (whole) return record;
  const shown: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (read.has(key)) shown[key] = value;
  return shown as T;
}

/** The fields of a body `role` may not write, in the body's order: empty when it may write them all. */
export function fieldsNotWritable(resource: AccessResource, role: RoleOrNone, body: object): string[] {
  const { write } = setsOf(resource, role);
  return Object.keys(body).filter((field) => !write.has(field));
}
