import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, use, useEffect } from 'react';
import { revealApp } from '@/lib/shell-handover';
import { deviceSettings } from '@/pwa/device-mode';
import { PwaChrome } from '@/pwa/PwaChrome';
import { startApp } from './bootstrap';
import { ConfigErrorPage } from './components/ConfigErrorPage';
import { FullPageLoader } from './components/FullPageLoader';
import { cssVariablesResolver, theme } from './theme';

// The toast container (its styles and transitions) loads after the first screen; `notifications.show` works before it.
const Notifications = lazy(async () => {
  const [module] = await Promise.all([
    import('@mantine/notifications'),
    import('@mantine/core/styles/Notification.css'),
    import('@mantine/notifications/styles.css'),
  ]);
  return { default: module.Notifications };
});

/** The whole app: the brand theme around whatever the start-up produced. */
export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      {/* Spec section 2 and 9: toasts at the top right, for 5 seconds. */}
      <Suspense fallback={null}>
        <Notifications position="top-right" autoClose={5000} />
      </Suspense>
      <Suspense fallback={<FullPageLoader />}>
        <Started />
      </Suspense>
    </MantineProvider>
  );
}

function Started() {
  const boot = use(startApp());
  if (boot.kind === 'config-error') return <ConfigError />;
  return (
    <QueryClientProvider client={boot.queryClient}>
      <RouterProvider router={boot.router} />
      <PwaChrome settings={deviceSettings()} toLogin={() => void boot.router.navigate({ to: '/login' })} />
    </QueryClientProvider>
  );
}

function ConfigError() {
  // Not a route, so the router's first render (which reveals the app otherwise) never comes.
  useEffect(revealApp, []);
  return <ConfigErrorPage />;
}
