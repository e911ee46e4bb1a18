import { Navigate, Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../app/context';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  // Spec section 2: any other path redirects to /.
  notFoundComponent: () => <Navigate to="/" replace />,
});
