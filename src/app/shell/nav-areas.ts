import {
  IconAdjustmentsHorizontal,
  IconCalendarEvent,
  IconChartLine,
  IconLayoutDashboard,
  IconUserSearch,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { linkOptions, type LinkOptions } from '@tanstack/react-router';
import { mayEnter, type RouteGroup } from '@/lib/auth/route-access';
import type { Role } from '@/lib/auth/roles';

export interface NavArea {
  label: string;
  /** The route group whose guard decides who may enter: the navigation never offers a door the router would refuse. */
  group: RouteGroup;
  link: LinkOptions;
  icon: Icon;
}

/** The areas of the navigation bar, in the order they are listed (spec section 2). Clients get none. */
export const AREAS: readonly NavArea[] = [
  { label: 'Hub', group: 'staff', link: linkOptions({ to: '/hub' }), icon: IconLayoutDashboard },
  { label: 'Appointments', group: 'staff', link: linkOptions({ to: '/appointments' }), icon: IconCalendarEvent },
  { label: 'Discovery', group: 'staff', link: linkOptions({ to: '/discovery' }), icon: IconUserSearch },
  { label: 'Thrive dashboard', group: 'staff', link: linkOptions({ to: '/thrive-dashboard' }), icon: IconChartLine },
  { label: 'Backoffice', group: 'admin', link: linkOptions({ to: '/backoffice' }), icon: IconAdjustmentsHorizontal },
  { label: 'Users', group: 'admin', link: linkOptions({ to: '/users' }), icon: IconUsers },
];

/**
 * The areas `role` may enter, by the same role table as the guards. Empty for
 * a client (the portal has no navigation bar) and while the role is unknown.
 */
export function areasFor(role: Role | null): readonly NavArea[] {
  if (role === null) return [];
  return AREAS.filter((area) => mayEnter(role, area.group));
}
