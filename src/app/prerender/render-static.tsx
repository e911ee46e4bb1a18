import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { cssVariablesResolver, theme } from '../theme';

/** A screen as static HTML with the live app's theme, so the prerendered page and the live one match. */
export function renderStatic(screen: ReactNode): string {
  return renderToString(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      {screen}
    </MantineProvider>,
  );
}
