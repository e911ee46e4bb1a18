import './mantine-styles';
import './app.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Suspense, use } from 'react';
import { startApp } from './bootstrap';
import { ConfigErrorPage } from './components/ConfigErrorPage';
import { FullPageLoader } from './components/FullPageLoader';
import { cssVariablesResolver, theme } from './theme';

/** The whole app: the brand theme around whatever the start-up produced. */
export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <Suspense fallback={<FullPageLoader />}>
        <Started />
      </Suspense>
    </MantineProvider>
  );
}

function Started() {
  const boot = use(startApp());
  if (boot.kind === 'config-error') return <ConfigErrorPage />;
  return (
    <QueryClientProvider client={boot.queryClient}>
      <RouterProvider router={boot.router} />
    </QueryClientProvider>
  );
}
