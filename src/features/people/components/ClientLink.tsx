import type { ReactNode } from 'react';
import { TouchLink } from '@/components/RouterLinks';

/** A client's name as a link to their page (discovery's), a whole touch target high. */
export function ClientLink({ clientId, size, children }: { clientId: string; size?: 'sm'; children: ReactNode }) {
  return (
    <TouchLink to="/client/discovery/$clientId" params={{ clientId }} fw={700} size={size}>
      {children}
    </TouchLink>
  );
}
