// Shared setup of the unit suite. Component tests opt into a DOM with
// `// @vitest-environment happy-dom` at the top of the file (jsdom where a test needs what only it has).
import { afterEach, beforeEach } from 'vitest';
import { installEmptyFakeApi } from './fake-api';
import { takeUnhandledRoutes } from './unhandled-routes';

// No test meets another's fake API: a request it makes without installing its own fails it (below).
beforeEach(() => installEmptyFakeApi());

// A request the fake API had no handler for fails the test that made it, even where the app took the failure calmly.
afterEach(() => {
  const unhandled = takeUnhandledRoutes();
  if (unhandled.length > 0) throw new Error(`The fake API got requests it has no handler for: ${unhandled.join(', ')}`);
});

if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  afterEach(() => cleanup());
  // The first render of a file pays for loading Mantine and the router, and the first submit of a form for the
  // modules it reaches first; worker threads share one module transformer, so on a busy two-core machine a request
  // after a click has come more than five seconds later (the default of findBy* and waitFor is one).
  configure({ asyncUtilTimeout: 10_000 });

  // The test DOM lacks what Mantine measures with (as in Mantine's own test setup).
  // Mantine listens with addEventListener; the old addListener pair is not needed.
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;

  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };

  window.HTMLElement.prototype.scrollIntoView = () => undefined;
  // The test DOM has no font loading API; Mantine's autosizing Textarea listens to it.
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
  // The router restores scroll positions; the test DOM does not scroll.
  window.scrollTo = () => undefined;
}
