import { createFileRoute, useRouter } from '@tanstack/react-router';
import { DiscoveryPage, parseDiscoverySearch } from '@/features/discovery';
import { CLIENTS_ONLY, userListQueryOptions } from '@/features/users';

export const Route = createFileRoute('/_authenticated/_staff/discovery')({
  // The text searched lives in the URL: back, forward and reload keep it.
  validateSearch: parseDiscoverySearch,
  loader: ({ context }) => {
    // The first clients by name, kept on the device for searching offline; the page does not wait for them.
    context.queryClient.query(userListQueryOptions(CLIENTS_ONLY)).catch(() => undefined);
  },
  component: function Discovery() {
    const { q } = Route.useSearch();
    const navigate = Route.useNavigate();
    const router = useRouter();
    return (
      <DiscoveryPage
        q={q ?? ''}
        onQueryChange={(next) => {
          // A search sent as typing pauses must not pull back a nurse who has already opened a client.
          if (router.latestLocation.pathname !== '/discovery') return;
          void navigate({ search: next === '' ? {} : { q: next }, replace: true });
        }}
      />
    );
  },
});
