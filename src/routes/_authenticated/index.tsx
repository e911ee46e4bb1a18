import { createFileRoute } from '@tanstack/react-router';
import { homeRedirect } from '@/lib/auth/guards';

/** `/`: staff to the hub, ADMIN to the backoffice, a client to their own home. */
export const Route = createFileRoute('/_authenticated/')({
  beforeLoad: ({ context }) => {
    throw homeRedirect(context.user);
  },
});
