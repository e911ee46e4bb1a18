import { AppShell, Box, Container } from '@mantine/core';
import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { ErrorBannerArea } from '@/components/ErrorBannerArea';
import { SignOutConfirmation } from '../sync/SignOutConfirmation';
import { PasskeyOffer } from '@/features/auth';
import { brand } from '@/config/brand';
import { PersonClock } from '@/features/people';
import { isRole } from '@/lib/auth/roles';
import { useSession } from '@/lib/auth/session';
import { watchApiReachability } from './api-reachability';
import { areasFor } from './nav-areas';
import { usePreloadedAreas } from './preload-areas';
import { EXPANDED_FROM_PX, MOBILE_BELOW_PX, useNavState } from './nav-state';
import { ShellHeader } from './ShellHeader';
import { ShellNavbar } from './ShellNavbar';
import './signed-in-styles';

const HEADER_HEIGHT = 60;
/** Icons only, each a 44 px target with the bar's padding around it. */
const RAIL_WIDTH = 76;
const EXPANDED_WIDTH = 248;

/**
 * The frame around every signed-in screen (a Mantine AppShell): the header,
 * the staff navigation bar (clients never get one, spec section 2), the page
 * errors at the top, and the screen.
 */
export function SignedInLayout() {
  const session = useSession();
  const areas = areasFor(isRole(session.role) ? session.role : null);
  const withNav = areas.length > 0;
  usePreloadedAreas(areas);
  const state = useNavState();
  // The phone's navigation is open on the page where it was opened: it closes
  // once it has taken the person somewhere, and when the screen widens past it.
  // Only a phone reads the page here: elsewhere the frame stays as it is when
  // the person moves between screens, and only the screen itself renders.
  const pathname = useRouterState({ select: (s) => (state === 'mobile' ? s.location.pathname : null) });
  const [mobileOpenOn, setMobileOpenOn] = useState<string | null>(null);
  const mobileOpen = state === 'mobile' && mobileOpenOn === pathname;
  const [railExpanded, rail] = useDisclosure(false);
  const navId = useId();
  const header = useRef<HTMLElement>(null);
  const queryClient = useQueryClient();

  useEffect(() => watchApiReachability(queryClient.getQueryCache()), [queryClient]);

  useWindowEvent('keydown', (event) => {
    if (event.key !== 'Escape' || !mobileOpen) return;
    setMobileOpenOn(null);
    // Back to the burger, where the person opened it.
    header.current?.querySelector<HTMLButtonElement>('button[aria-controls]')?.focus();
  });

  const mobileNavHidden = state === 'mobile' && !mobileOpen;
  const railWidth = railExpanded ? EXPANDED_WIDTH : RAIL_WIDTH;

  return (
    // Times on every screen are read on the person's own clinic's clock, unless the screen names another.
    <PersonClock userId={session.username ?? ''}>
      <AppShell
        header={{ height: HEADER_HEIGHT }}
        navbar={
          withNav
            ? {
                width: {
                  base: EXPANDED_WIDTH,
                  [`${MOBILE_BELOW_PX}px`]: railWidth,
                  [`${EXPANDED_FROM_PX}px`]: EXPANDED_WIDTH,
                },
                breakpoint: MOBILE_BELOW_PX,
                collapsed: { mobile: !mobileOpen },
              }
            : undefined
        }
        padding={0}
        styles={{ header: { borderColor: brand.border }, navbar: { borderColor: brand.border } }}
      >
        <AppShell.Header ref={header}>
          <ShellHeader
            mobileNav={
              withNav && state === 'mobile'
                ? { opened: mobileOpen, onToggle: () => setMobileOpenOn(mobileOpen ? null : pathname), controls: navId }
                : null
            }
          />
        </AppShell.Header>
        {withNav && (
          <AppShell.Navbar
            id={navId}
            aria-label="Main"
            data-nav-state={state}
            // Off screen on a phone until the burger opens it: out of the tab order and the accessibility tree too.
            inert={mobileNavHidden}
            style={mobileNavHidden ? { visibility: 'hidden' } : undefined}
          >
            <ShellNavbar areas={areas} state={state} railExpanded={railExpanded} onToggleRail={rail.toggle} />
          </AppShell.Navbar>
        )}
        {/* While the phone's navigation covers the screen, the screen behind it is out of reach. */}
        <AppShell.Main inert={withNav && state === 'mobile' && mobileOpen}>
          <Container size="lg" py="lg" px="md">
            <Box pos="sticky" top={HEADER_HEIGHT + 8} mb="md" style={{ zIndex: 2 }}>
              <ErrorBannerArea />
            </Box>
            <PasskeyOffer />
            <Outlet />
          </Container>
        </AppShell.Main>
        <SignOutConfirmation />
      </AppShell>
    </PersonClock>
  );
}
