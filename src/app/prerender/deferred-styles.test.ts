// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { applyDeferredStylesheets, DEFERRED_STYLESHEET } from './deferred-styles';

afterEach(() => {
  document.head.replaceChildren();
});

describe('applyDeferredStylesheets', () => {
  it('makes the stylesheet deferred for print apply to the screen, and leaves other links alone', () => {
    const stylesheet = (href: string) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.media = 'print';
      return document.head.appendChild(link);
    };
    const deferred = stylesheet('/assets/app.css');
    deferred.setAttribute(DEFERRED_STYLESHEET, '');
    const printOnly = stylesheet('/assets/print-only.css');
    applyDeferredStylesheets(document);
    expect(deferred.media).toBe('all');
    expect(printOnly.media).toBe('print');
  });
});
