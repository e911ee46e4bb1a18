import { createFileRoute, deepEqual, useRouter } from '@tanstack/react-router';
import { UsersPage } from '@/features/backoffice';
import { parseUserListSearch, useUserSearchText } from '@/features/people';

export const Route = createFileRoute('/_authenticated/_admin/users/')({
  // Role, sort and page live in the URL: back, forward and reload keep them. The search text does not: it names
  // people, and an address is kept in the browser's history and in logs. It is kept in memory (useUserSearchText).
  validateSearch: parseUserListSearch,
  component: function Users() {
    const search = Route.useSearch();
    const [text, setText] = useUserSearchText();
    const navigate = Route.useNavigate();
    const router = useRouter();
    const { user } = Route.useRouteContext();
    return (
      <UsersPage
        signedIn={user}
        search={text === undefined ? search : { ...search, search: text }}
        onSearchChange={({ search: nextText, ...next }, options) => {
          // A search sent after the key that asked for it (keys faster than the search pause fold into one) must not
          // pull back an admin who has already opened a user.
          if (router.latestLocation.pathname !== '/users') return;
          setText(nextText);
          // Typing changes the text only: the address stays, and the router has nothing to do.
          if (!deepEqual(next, search)) void navigate({ search: next, replace: options?.replace ?? false });
        }}
      />
    );
  },
});
