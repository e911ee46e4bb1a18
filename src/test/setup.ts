// Shared setup of the unit suite. Component tests opt into a DOM with
// `// @vitest-environment jsdom` at the top of the file.
import { afterEach } from 'vitest';

if (typeof window !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());

  // jsdom lacks what Mantine measures with (as in Mantine's own test setup).
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;

  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };

  window.HTMLElement.prototype.scrollIntoView = () => undefined;
  // The router restores scroll positions; jsdom does not scroll.
  window.scrollTo = () => undefined;
}
