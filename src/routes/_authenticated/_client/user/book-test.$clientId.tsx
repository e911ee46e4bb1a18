import { createFileRoute } from '@tanstack/react-router';
import { BookTestPage } from '@/features/booking';
import { PortalScreenPage } from '@/features/portal';

export const Route = createFileRoute('/_authenticated/_client/user/book-test/$clientId')({
  component: function BookTest() {
    const { clientId } = Route.useParams();
    return (
      <PortalScreenPage screen="book-test" clientId={clientId}>
        <BookTestPage clientId={clientId} />
      </PortalScreenPage>
    );
  },
});
