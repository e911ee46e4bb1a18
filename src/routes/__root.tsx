import { Navigate, Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '@/app/context';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  // Unknown paths are redirected by the splat route ($.tsx); this catches a
  // not-found raised by a route itself and does the same.
  notFoundComponent: () => <Navigate to="/" replace />,
});
