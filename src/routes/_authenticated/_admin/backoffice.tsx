import { createFileRoute } from '@tanstack/react-router';
import { BackofficePage } from '../../../features/backoffice/components/BackofficePage';

export const Route = createFileRoute('/_authenticated/_admin/backoffice')({
  component: BackofficePage,
});
