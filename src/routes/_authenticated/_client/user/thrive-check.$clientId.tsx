import { createFileRoute } from '@tanstack/react-router';
import { PortalScreenPage } from '@/features/portal';

export const Route = createFileRoute('/_authenticated/_client/user/thrive-check/$clientId')({
  component: function ThriveCheck() {
    const { clientId } = Route.useParams();
    return <PortalScreenPage screen="thrive-check" clientId={clientId} />;
  },
});
