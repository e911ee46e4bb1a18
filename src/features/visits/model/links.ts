import { linkOptions } from '@tanstack/react-router';
import { visitTherapyValues } from '@contract';
import type { VisitTherapy } from './draft';

/**
 * Whether a word of an address names one of the five therapies charted at the bays. The route checks it
 * before any screen loads, so it reads the contract's list of values, not its tables of fields.
 */
export function isVisitTherapy(value: string): value is VisitTherapy {
  return (visitTherapyValues as readonly string[]).includes(value);
}

/** Where a visit is charted: its therapy's screen (spec section 2). */
export function visitScreenLink(therapy: VisitTherapy, clientId: string, visitId: string) {
  return linkOptions({ to: '/client/$therapy/$clientId/visit/$visitId', params: { therapy, clientId, visitId } });
}

/** Where a visit is read as a record (the discovery page's visit view): for a role that does not chart it. */
export function visitRecordLink(clientId: string, visitId: string) {
  return linkOptions({ to: '/client/discovery/$clientId/visit/$visitId', params: { clientId, visitId } });
}
