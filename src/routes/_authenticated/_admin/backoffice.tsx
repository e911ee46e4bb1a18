import { createFileRoute } from '@tanstack/react-router';
import { BackofficePage } from '@/features/backoffice';

export const Route = createFileRoute('/_authenticated/_admin/backoffice')({
  component: BackofficePage,
});
