import type { ReactNode } from 'react';
import { PageFrame } from '@/components/PageFrame';
import { PersonClock } from '@/features/people';
import { PORTAL_SCREENS, portalLink, type PortalScreen } from '@/lib/navigation';

/**
 * One client portal screen in its frame: Home / <screen>, its title and what
 * it is for. Its times are on the clock of the client's clinic.
 */
export function PortalScreenPage({
  screen,
  clientId,
  children,
}: {
  screen: PortalScreen;
  clientId: string;
  children?: ReactNode;
}) {
  const { title, purpose } = PORTAL_SCREENS[screen];
  const crumbs =
    screen === 'home' ? [{ label: 'Home' }] : [{ label: 'Home', link: portalLink('home', clientId) }, { label: title }];
  return (
    <PersonClock userId={clientId}>
      <PageFrame title={title} crumbs={crumbs} purpose={purpose}>
        {children}
      </PageFrame>
    </PersonClock>
  );
}
