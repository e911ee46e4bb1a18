import { linkOptions, type LinkOptions } from '@tanstack/react-router';

/**
 * The breadcrumb trails of the staff screens, in one place: a screen says
 * where it sits without importing the screens above it.
 */

/** One step of the breadcrumb trail; the last one is the current page and has no link. */
export interface Crumb {
  label: string;
  /** Made with `linkOptions({ to, params })`, so the target is checked against the route tree. */
  link?: LinkOptions;
}

/** The first step of every staff screen's breadcrumb. */
export const HUB_CRUMB: Crumb = { label: 'Hub', link: linkOptions({ to: '/hub' }) };
export const DISCOVERY_CRUMB: Crumb = { label: 'Discovery', link: linkOptions({ to: '/discovery' }) };
export const DASHBOARD_CRUMB: Crumb = { label: 'Thrive dashboard', link: linkOptions({ to: '/thrive-dashboard' }) };
export const BACKOFFICE_CRUMB: Crumb = { label: 'Backoffice', link: linkOptions({ to: '/backoffice' }) };
export const USERS_CRUMB: Crumb = { label: 'Users', link: linkOptions({ to: '/users' }) };

/** Hub / Discovery / {client}: the trail down to a client's discovery page, where every page about a client hangs. */
export function clientTrail(clientId: string, clientName: string): Crumb[] {
  return [
    HUB_CRUMB,
    DISCOVERY_CRUMB,
    { label: clientName, link: linkOptions({ to: '/client/discovery/$clientId', params: { clientId } }) },
  ];
}
