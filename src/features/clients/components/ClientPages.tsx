import { Outlet, useParams } from '@tanstack/react-router';
import { PersonClock } from '@/features/people';

/** Every page about one client, on the clock of the client's clinic. */
export function ClientPages() {
  const { clientId } = useParams({ strict: false });
  return (
    <PersonClock userId={clientId ?? ''}>
      <Outlet />
    </PersonClock>
  );
}
