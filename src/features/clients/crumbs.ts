import { linkOptions } from '@tanstack/react-router';
import type { Crumb } from '@/components/PageFrame';
import { HUB_CRUMB } from '@/features/hub';

export const DISCOVERY_CRUMB: Crumb = { label: 'Discovery', link: linkOptions({ to: '/discovery' }) };

/** Hub / Discovery / {client}: the trail down to a client's discovery page. */
export function clientTrail(clientId: string, clientName: string): Crumb[] {
  return [
    HUB_CRUMB,
    DISCOVERY_CRUMB,
    { label: clientName, link: linkOptions({ to: '/client/discovery/$clientId', params: { clientId } }) },
  ];
}
