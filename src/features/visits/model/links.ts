import { linkOptions } from '@tanstack/react-router';
import { VISIT_THERAPIES } from '@contract';
import type { VisitTherapy } from './draft';

/** Whether a word of an address names one of the five therapies charted at the bays. */
export function isVisitTherapy(value: string): value is VisitTherapy {
  return (VISIT_THERAPIES as readonly string[]).includes(value);
}

/** Where a visit is charted: its therapy's screen (spec section 2). */
export function visitScreenLink(therapy: VisitTherapy, clientId: string, visitId: string) {
  return linkOptions({ to: '/client/$therapy/$clientId/visit/$visitId', params: { therapy, clientId, visitId } });
}
