import { linkOptions } from '@tanstack/react-router';
import type { VisitTherapy } from './draft';

/** Where a visit is charted: its therapy's screen (spec section 2). */
export function visitScreenLink(therapy: VisitTherapy, clientId: string, visitId: string) {
  const params = { clientId, visitId };
  switch (therapy) {
    case 'iv':
      return linkOptions({ to: '/client/iv/$clientId/visit/$visitId', params });
    case 'hbot':
      return linkOptions({ to: '/client/hbot/$clientId/visit/$visitId', params });
    case 'pet':
      return linkOptions({ to: '/client/pet/$clientId/visit/$visitId', params });
    case 'red_light':
      return linkOptions({ to: '/client/red_light/$clientId/visit/$visitId', params });
    case 'fir':
      return linkOptions({ to: '/client/fir/$clientId/visit/$visitId', params });
  }
}
