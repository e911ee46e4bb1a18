import type { ReactNode } from 'react';
import { AnchorLink } from '@/components/RouterLinks';
import { TOUCH_TARGET } from '@/config/touch';

/** A client's name as a link to their page (discovery's), a whole touch target high. */
export function ClientLink({ clientId, size, children }: { clientId: string; size?: 'sm'; children: ReactNode }) {
  return (
    <AnchorLink
      to="/client/discovery/$clientId"
      params={{ clientId }}
      fw={700}
      size={size}
      mih={TOUCH_TARGET}
      display="inline-flex"
      style={{ alignItems: 'center' }}
    >
      {children}
    </AnchorLink>
  );
}
