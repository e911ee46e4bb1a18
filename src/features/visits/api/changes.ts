/**
 * A visit's changes go through the outbox: kept on this device until the
 * server has them, sent in order (the draft, then its sign-off, then any
 * addenda), shown at once. The visit's id is made on the device that starts
 * it, so a creation sent twice can never make a second visit.
 */
import { THERAPY_INFO, type components } from '@contract';
import { serverClockOffset } from '@/lib/api';
import { scheduleKeys } from '@/features/appointments';
import { outbox, type OutboxItem } from '@/lib/outbox';
import type { VisitDraft } from '../model/draft';
import { visitKeys } from './queries';
import { visitRecord } from './record';

/** How the unsent-changes list names a draft's fields, for a conflict. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  consent: 'Consent',
  contraindications: 'Contraindication screen',
  vitals: 'Vitals',
  reactions: 'Adverse reactions',
  notes: 'Notes',
  iv: 'IV therapy',
  hbot: 'HBOT',
  pet: 'PEMF',
  red_light: 'Red light therapy',
  fir: 'FIR sauna',
  recorded_at: 'When each entry was made',
};

type Schemas = components['schemas'];

/** What the signer gave at sign-off: what the signature means, how they re-authenticated, their reasons. */
export interface SignatureGiven {
  meaning: Schemas['SignatureMeaning'];
  reauthenticatedWith: Schemas['Reauthentication'];
  acknowledgedWarnings: Schemas['WarningAcknowledgement'][];
}

/** What a visit change refreshes once the server has it: the visit, the lists, and its appointment's status. */
function refreshOf(id: string) {
  return [visitKeys.detail(id), visitKeys.lists(), scheduleKeys.appointments()];
}

export interface DraftSave {
  visitId: string;
  draft: VisitDraft;
  /** The version on the server it was made from; null while the server has none. */
  version: number | null;
  /** The draft as it was kept before this change (on the server, or in an earlier unsent save). */
  before: VisitDraft | null;
  clientName: string;
  link: string;
}

/**
 * Keeps the draft as it now stands: `PUT visits/{id}` with the whole draft.
 * While nothing of it was sent yet, a newer draft replaces the unsent one.
 */
export function saveVisitDraft({ visitId, draft, version, before, clientName, link }: DraftSave): Promise<OutboxItem> {
  return outbox().saveLatest({
    record: visitRecord(visitId),
    request: { method: 'put', path: '/visits/{id}', pathParams: { id: visitId }, body: draft },
    version,
    base: before ? { ...before } : null,
    label: `${THERAPY_INFO[draft.therapy].title} of ${clientName}`,
    fieldLabels: FIELD_LABELS,
    link,
    refresh: refreshOf(visitId),
  });
}

/**
 * Signs the visit as an electronic signature: after its last draft, from the version that draft makes (the
 * outbox carries it on), timed by this device.
 */
export function signVisit({
  visitId,
  therapy,
  version,
  clientName,
  link,
  signature,
}: {
  visitId: string;
  therapy: VisitDraft['therapy'];
  version: number | null;
  clientName: string;
  link: string;
  signature: SignatureGiven;
}): Promise<OutboxItem> {
  const body: Schemas['VisitSign'] = {
    signed_on_device_at: new Date().toISOString(),
    meaning: signature.meaning,
    reauthenticated_with: signature.reauthenticatedWith,
    acknowledged_warnings: signature.acknowledgedWarnings,
    device_clock_offset_ms: serverClockOffset(),
  };
  return outbox().enqueue({
    record: visitRecord(visitId),
    request: { method: 'post', path: '/visits/{id}/sign', pathParams: { id: visitId }, body },
    version,
    base: null,
    label: `Sign-off of the ${THERAPY_INFO[therapy].title.toLowerCase()} of ${clientName}`,
    fieldLabels: {},
    link,
    refresh: refreshOf(visitId),
  });
}

/** Adds a correction to a signed visit, signed by its author (re-authenticated); its id is made here. */
export function addVisitAddendum({
  visitId,
  text,
  reauthenticatedWith,
  clientName,
  link,
}: {
  visitId: string;
  text: string;
  reauthenticatedWith: Schemas['Reauthentication'];
  clientName: string;
  link: string;
}): Promise<OutboxItem> {
  const body: Schemas['AddendumCreate'] = {
    id: crypto.randomUUID(),
    text,
    reauthenticated_with: reauthenticatedWith,
    written_on_device_at: new Date().toISOString(),
  };
  return outbox().enqueue({
    record: visitRecord(visitId),
    request: { method: 'post', path: '/visits/{id}/addenda', pathParams: { id: visitId }, body },
    version: null,
    unconditional: true,
    base: null,
    label: `Addendum to the visit of ${clientName}`,
    fieldLabels: {},
    link,
    refresh: refreshOf(visitId),
  });
}
