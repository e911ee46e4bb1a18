import { createFileRoute } from '@tanstack/react-router';
import { IntakeCallPage } from '@/features/booking';
import { PortalScreenPage } from '@/features/portal';

export const Route = createFileRoute('/_authenticated/_client/user/intake-call/$clientId')({
  component: function IntakeCall() {
    const { clientId } = Route.useParams();
    return (
      <PortalScreenPage screen="intake-call" clientId={clientId}>
        <IntakeCallPage clientId={clientId} />
      </PortalScreenPage>
    );
  },
});
