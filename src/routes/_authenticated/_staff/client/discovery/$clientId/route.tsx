import { createFileRoute } from '@tanstack/react-router';
import { ClientLoadError, loadClient } from '@/features/clients';

/** `/client/discovery/{clientId}/...`: the client is loaded once for every page below. */
export const Route = createFileRoute('/_authenticated/_staff/client/discovery/$clientId')({
  loader: ({ context, params }) => loadClient(context.queryClient, params.clientId),
  errorComponent: ClientLoadError,
});
