import { createFileRoute, useRouter } from '@tanstack/react-router';
import { DiscoveryPage, useDiscoverySearchText } from '@/features/discovery';
import { CLIENTS_ONLY, userListQueryOptions } from '@/features/people';

export const Route = createFileRoute('/_authenticated/_staff/discovery')({
  loader: ({ context }) => {
    // The first clients by name, kept on the device for searching offline; the page does not wait for them.
    context.queryClient.query(userListQueryOptions(CLIENTS_ONLY)).catch(() => undefined);
  },
  component: function Discovery() {
    // The text searched names a client: kept in memory (back and forward keep it), never in the address.
    const [text, setText] = useDiscoverySearchText();
    const router = useRouter();
    return (
      <DiscoveryPage
        q={text ?? ''}
        onQueryChange={(next) => {
          // A search sent after the key that asked for it (keys faster than the search pause fold into one) must not
          // pull back a nurse who has already opened a client.
          if (router.latestLocation.pathname !== '/discovery') return;
          setText(next);
        }}
      />
    );
  },
});
