import { createFileRoute, useRouter } from '@tanstack/react-router';
import { UsersPage } from '@/features/backoffice';
import { parseUserListSearch } from '@/features/users';

export const Route = createFileRoute('/_authenticated/_admin/users/')({
  // Search, role, sort and page live in the URL: back, forward and reload keep them.
  validateSearch: parseUserListSearch,
  component: function Users() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const router = useRouter();
    return (
      <UsersPage
        search={search}
        onSearchChange={(next, options) => {
          // A search sent as typing pauses must not pull back an admin who has already opened a user.
          if (router.latestLocation.pathname !== '/users') return;
          void navigate({ search: next, replace: options?.replace ?? false });
        }}
      />
    );
  },
});
