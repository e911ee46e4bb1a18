/**
 * The requests about care: the catalogs and the schedule, appointments, therapy
 * visits (charting, signing and addenda therapy by therapy), results, messages
 * to the clinic, discovery and the programs.
 */
import { randomUUID } from 'node:crypto';
import { exampleVisit, visitTherapyValues, type VisitTherapy } from '@contract';
import { RISK_INPUT, addendum, bookingTime, newResult, signOff } from './fixtures.ts';
import {
  NO_VERSION,
  catalog,
  get,
  patch,
  readsOf,
  subjectId,
  type OperationRequest,
  type ProbeContext,
} from './operations.ts';

function slotsQuery({ fixtures }: ProbeContext, client?: string): string {
  const { place, firstDay } = fixtures;
  const query = { service: place.serviceId, clinic: place.clinicId, from: bookingTime(firstDay, 0) };
  return new URLSearchParams({
    ...query,
    to: bookingTime(firstDay, 5),
    ...(client === undefined ? {} : { client }),
  }).toString();
}

const SCHEDULE: OperationRequest[] = [
  // The clinics are also the list an admin sets each clinic's messaging up from.
  {
    name: 'list the clinics',
    rules: [{ operation: 'booking.catalog', of: 'everyone', or: 'clinics.messaging' }],
    request: () => get('/clinics'),
  },
  catalog('booking.catalog', 'the services', () => '/services'),
  catalog('booking.catalog', 'the tests', () => '/tests'),
  catalog('schedule.catalog', 'the resources', () => '/resources'),
  catalog('booking.catalog', 'free times', (c) => `/slots?${slotsQuery(c)}`),
  {
    name: "list the client's free times",
    rules: [
      { operation: 'booking.catalog', of: 'everyone' },
      { operation: 'appointments.read', of: 'subject' },
    ],
    request: (c) => get(`/slots?${slotsQuery(c, subjectId(c))}`),
  },
  ...readsOf('appointments.read', 'appointment', '/appointments', {
    clientQuery: 'client',
    one: (c) => `/appointments/${c.subject.appointment}`,
  }),
  {
    name: "read the clinic's schedule",
    rules: [{ operation: 'appointments.read', of: 'role' }],
    request: (c) => {
      const { place, firstDay } = c.fixtures;
      const query = { clinic: place.clinicId, from: bookingTime(firstDay, 0), to: bookingTime(firstDay, 2) };
      return get(`/schedule?${new URLSearchParams(query)}`);
    },
  },
  {
    name: 'book the client',
    rules: [{ operation: 'appointments.write', of: 'subject' }],
    request: (c) => ({
      method: 'POST',
      path: '/appointments',
      body: {
        client_id: subjectId(c),
        resource_id: c.fixtures.place.resourceId,
        service_id: c.fixtures.place.serviceId,
        starts_at: c.nextBookingTime(),
      },
    }),
  },
  {
    name: "change the client's appointment",
    rules: [{ operation: 'appointments.write', of: 'subject' }],
    request: (c) => patch(`/appointments/${c.subject.appointment}`, { notes: 'Probe' }),
  },
  {
    name: "cancel the client's appointment",
    rules: [{ operation: 'appointments.cancel', of: 'subject' }],
    request: (c) => patch(`/appointments/${c.subject.appointment}`, { status: 'cancelled' }),
  },
];

function visitsOf(therapy: VisitTherapy): OperationRequest[] {
  const chart = { operation: 'visits.chart', of: 'subject', therapy } as const;
  const sign = { operation: 'visits.sign', of: 'subject', therapy } as const;
  const draft = (c: ProbeContext) => exampleVisit(therapy, { clientId: subjectId(c) });
  return [
    {
      name: `chart a ${therapy} visit`,
      rules: [chart],
      request: (c) => ({ method: 'PUT', path: `/visits/${randomUUID()}`, body: draft(c) }),
    },
    {
      name: `change a ${therapy} draft`,
      rules: [chart],
      request: (c) => ({
        method: 'PUT',
        path: `/visits/${c.subject.drafts[therapy]}`,
        headers: NO_VERSION,
        body: draft(c),
      }),
    },
    {
      name: `sign a ${therapy} draft`,
      rules: [sign],
      request: (c) => ({
        method: 'POST',
        path: `/visits/${c.subject.drafts[therapy]}/sign`,
        headers: NO_VERSION,
        body: signOff(),
      }),
    },
    {
      name: `add to a signed ${therapy} visit`,
      rules: [sign],
      request: (c) => ({
        method: 'POST',
        path: `/visits/${c.subject.signed[therapy]}/addenda`,
        body: addendum('Probe: an addendum.'),
      }),
    },
  ];
}

const VISITS: OperationRequest[] = [
  ...readsOf('visits.read', 'visit', '/visits', {
    clientQuery: 'client',
    one: (c) => `/visits/${c.subject.signed.iv}`,
  }),
  ...visitTherapyValues.flatMap(visitsOf),
];

const JOURNEY: OperationRequest[] = [
  ...readsOf('assessments.read', 'result', '/assessments', { clientQuery: 'client' }),
  {
    name: "record the client's Thrive check",
    rules: [{ operation: 'assessments.write', of: 'subject' }],
    request: (c) => ({
      method: 'POST',
      path: '/assessments',
      body: newResult(subjectId(c), { type: 'who5', answers: [3, 3, 3, 3, 3] }),
    }),
  },
  {
    name: 'record reaching the client about a Thrive check',
    rules: [{ operation: 'assessments.contact', of: 'subject' }],
    request: (c) => ({
      method: 'POST',
      path: `/assessments/${c.subject.thriveCheck}/contacts`,
      body: { id: randomUUID(), contacted_at: new Date().toISOString(), method: 'phone', outcome: 'no_answer' },
    }),
  },
  {
    name: 'share a risk result with the client',
    rules: [{ operation: 'assessments.share-risk', of: 'subject' }],
    request: (c) => ({
      method: 'POST',
      path: '/assessments',
      body: newResult(subjectId(c), { type: 'cardiovascular_risk', cardiovascular_risk: RISK_INPUT }),
    }),
  },
  ...readsOf('support.read', 'thread', '/support/threads', { one: (c) => `/support/threads/${c.subject.thread}` }),
  {
    name: "answer the client's thread",
    rules: [{ operation: 'support.write', of: 'subject' }],
    request: (c) => ({
      method: 'POST',
      path: `/support/threads/${c.subject.thread}/messages`,
      body: { id: randomUUID(), text: 'Probe: an answer.' },
    }),
  },
  {
    name: 'start a thread with the clinic',
    rules: [{ operation: 'support.write', of: 'own' }],
    request: () => ({
      method: 'POST',
      path: '/support/threads',
      body: { id: randomUUID(), message_id: randomUUID(), subject: 'Probe', text: 'Probe: a question.' },
    }),
  },
  {
    name: 'search clients',
    rules: [{ operation: 'clients.discover', of: 'role' }],
    request: () => ({ method: 'POST', path: '/clients/search', body: { q: 'probe' } }),
  },
  {
    name: "read the client's alerts",
    rules: [{ operation: 'clients.discover', of: 'subject' }],
    request: (c) => get(`/clients/${subjectId(c)}/alerts`),
  },
  ...readsOf('programs.read', 'program', '/programs', { clientQuery: 'client' }),
  {
    name: 'read a program',
    rules: [{ operation: 'programs.read', of: 'some' }],
    request: (c) => get(`/programs/${c.programId}`),
  },
];

export const CARE_REQUESTS: readonly OperationRequest[] = [...SCHEDULE, ...VISITS, ...JOURNEY];
