import { createFileRoute } from '@tanstack/react-router';
import { BackofficePage } from '@/features/backoffice';

export const Route = createFileRoute('/_authenticated/_admin/backoffice')({
  component: function Backoffice() {
    const { user } = Route.useRouteContext();
    return <BackofficePage signedIn={user} />;
  },
});
