import { createFileRoute } from '@tanstack/react-router';
import { PortalScreenPage } from '@/features/portal';

export const Route = createFileRoute('/_authenticated/_client/user/thrive-onboard/$clientId')({
  component: function ThriveOnboard() {
    const { clientId } = Route.useParams();
    return <PortalScreenPage screen="thrive-onboard" clientId={clientId} />;
  },
});
