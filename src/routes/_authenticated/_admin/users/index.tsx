import { createFileRoute } from '@tanstack/react-router';
import { UsersPage } from '../../../../features/backoffice/components/UsersPage';

export const Route = createFileRoute('/_authenticated/_admin/users/')({
  component: UsersPage,
});
