/**
 * Staff reaching out to a client about a very low Thrive check: each contact
 * (who is the server's to say; when, how, the outcome and a note) goes
 * through the outbox with an id made here, so it is recorded offline too and
 * once however often it is sent. Once one reached the client, the hub's
 * 'Needs attention' no longer lists them.
 */
import type { components } from '@contract';
import { clientAlertKeys } from '@/features/people';
import { outbox, type OutboxItem } from '@/lib/outbox';
import { assessmentKeys } from './queries';

type Schemas = components['schemas'];
export type ContactGiven = Omit<Schemas['WellbeingContactCreate'], 'id'>;

/** The outbox's name for the contacts about one result, sent one after another. */
export function contactsRecord(assessmentId: string): string {
  return `assessment-contacts:${assessmentId.toLowerCase()}`;
}

export function recordWellbeingContact({
  assessmentId,
  clientId,
  clientName,
  contact,
  link,
}: {
  assessmentId: string;
  clientId: string;
  clientName: string;
  contact: ContactGiven;
  link: string;
}): Promise<OutboxItem> {
  const body: Schemas['WellbeingContactCreate'] = { ...contact, id: crypto.randomUUID() };
  return outbox().enqueue({
    record: contactsRecord(assessmentId),
    request: { method: 'post', path: '/assessments/{id}/contacts', pathParams: { id: assessmentId }, body },
    version: null,
    base: null,
    label: `Contact with ${clientName} about a Thrive check`,
    fieldLabels: {},
    link,
    refresh: [clientAlertKeys.of(clientId), assessmentKeys.attention(), assessmentKeys.ofClient(clientId)],
  });
}
