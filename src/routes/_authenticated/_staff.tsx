import { createFileRoute } from '@tanstack/react-router';
import { PageLoader } from '@/app/shell/PageLoader';
import { passGate } from '@/lib/auth/guards';

/** Hub, thrive dashboard, appointments, discovery, visits, client details and profile. */
export const Route = createFileRoute('/_authenticated/_staff')({
  beforeLoad: (options) => passGate(options, 'staff'),
  pendingComponent: PageLoader,
  pendingMs: 0,
  pendingMinMs: 0,
});
