// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';

// The module's state is the page's: one first use per page load.
async function fresh() {
  vi.resetModules();
  return import('./intent');
}

describe('the first sign that someone uses the page', () => {
  it('calls each listener once, at the first focus, press or key anywhere on the page', async () => {
    const { onIntent } = await fresh();
    const app = vi.fn();
    const identity = vi.fn();
    onIntent(app);
    onIntent(identity);
    expect(app).not.toHaveBeenCalled();

    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    expect(app).toHaveBeenCalledTimes(1);
    expect(identity).toHaveBeenCalledTimes(1);
  });

  it('calls a listener at once when the person has already started', async () => {
    const { onIntent } = await fresh();
    onIntent(() => {});
    document.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    const late = vi.fn();
    onIntent(late);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('takes intent the events do not carry, such as an early submit', async () => {
    const { onIntent, markIntent } = await fresh();
    const listener = vi.fn();
    onIntent(listener);
    markIntent();
    markIntent();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
