import { createFileRoute } from '@tanstack/react-router';
import { InClinicPage } from '@/features/booking';
import { PortalScreenPage } from '@/features/portal';

export const Route = createFileRoute('/_authenticated/_client/user/in-clinic/$clientId')({
  component: function InClinic() {
    const { clientId } = Route.useParams();
    return (
      <PortalScreenPage screen="in-clinic" clientId={clientId}>
        <InClinicPage clientId={clientId} />
      </PortalScreenPage>
    );
  },
});
