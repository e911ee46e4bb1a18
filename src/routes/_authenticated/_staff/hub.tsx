import { createFileRoute } from '@tanstack/react-router';
import { HubPage } from '@/features/hub';

export const Route = createFileRoute('/_authenticated/_staff/hub')({
  component: HubPage,
});
