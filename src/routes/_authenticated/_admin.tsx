import { createFileRoute } from '@tanstack/react-router';
import { PageLoader } from '@/app/shell/PageLoader';
import { passGate } from '@/lib/auth/guards';

/** `/backoffice`, `/users`, `/users/{username}`. */
export const Route = createFileRoute('/_authenticated/_admin')({
  beforeLoad: (options) => passGate(options, 'admin'),
  pendingComponent: PageLoader,
  pendingMs: 0,
  pendingMinMs: 0,
});
