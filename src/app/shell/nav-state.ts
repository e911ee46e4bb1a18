import { useMediaQuery } from '@mantine/hooks';

/**
 * How the navigation bar shows (spec sections 2 and 9): behind a burger on a
 * phone (below 768 px), a rail of icons on a tablet (768 to 1023 px), icons
 * and labels from 1024 px.
 */
export type NavState = 'mobile' | 'collapsed' | 'expanded';

export const MOBILE_BELOW_PX = 768;
export const EXPANDED_FROM_PX = 1024;

/** The same media queries AppShell writes for these widths (px over Mantine's 16 px em). */
const TABLET_QUERY = `(min-width: ${MOBILE_BELOW_PX / 16}em)`;
const DESKTOP_QUERY = `(min-width: ${EXPANDED_FROM_PX / 16}em)`;

/** The navigation state for the window's width now, following resizes and rotations. */
export function useNavState(): NavState {
  // Read at once rather than after a first paint, so the bar never flashes in the wrong state.
  const tablet = useMediaQuery(TABLET_QUERY, undefined, { getInitialValueInEffect: false });
  const desktop = useMediaQuery(DESKTOP_QUERY, undefined, { getInitialValueInEffect: false });
  if (desktop) return 'expanded';
  return tablet ? 'collapsed' : 'mobile';
}
