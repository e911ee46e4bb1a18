import { createFileRoute } from '@tanstack/react-router';
import { PortalScreenPage } from '@/features/portal';
import { SupportPage } from '@/features/support';

export const Route = createFileRoute('/_authenticated/_client/user/support/$clientId')({
  component: function Support() {
    const { clientId } = Route.useParams();
    return (
      <PortalScreenPage screen="support" clientId={clientId}>
        <SupportPage clientId={clientId} />
      </PortalScreenPage>
    );
  },
});
