import { createFileRoute } from '@tanstack/react-router';
import { clientPages } from '@/features/clients';

/** `/client/discovery/{clientId}/...`: the client at a glance, and one visit's record. */
export const Route = createFileRoute('/_authenticated/_staff/client/discovery/$clientId')(clientPages());
