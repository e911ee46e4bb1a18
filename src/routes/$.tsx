import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec section 2: any other path redirects to / (which sends a client on to their home). */
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});
