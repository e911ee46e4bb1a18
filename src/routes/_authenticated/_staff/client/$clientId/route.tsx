import { createFileRoute } from '@tanstack/react-router';
import { clientPages } from '@/features/clients';

/** `/client/{clientId}/...`: the client's details and profile. */
export const Route = createFileRoute('/_authenticated/_staff/client/$clientId')(clientPages());
