// @vitest-environment happy-dom
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { draftRegistry } from './drafts';
import IdleSignOut from './IdleSignOut';

/** One second of quiet before the last minute's warning. */
const TIMEOUT_MS = 61_000;

async function waitForWarning(): Promise<HTMLElement> {
  await act(() => vi.advanceTimersByTimeAsync(1_500));
  return screen.getByRole('dialog', { name: 'Are you still there?' });
}

describe('the idle sign-out warning', () => {
  let removeDrafts: (() => void)[] = [];

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    for (const remove of removeDrafts) remove();
    removeDrafts = [];
    vi.useRealTimers();
  });

  it('counts down the last minute, and says nothing of drafts when there are none', async () => {
    await renderWithProviders(<IdleSignOut timeoutMs={TIMEOUT_MS} onIdle={vi.fn()} />);
    const warning = await waitForWarning();
    expect(within(warning).getByRole('timer').textContent).toMatch(/signed out in (59|60) seconds/);
    expect(within(warning).queryByText(/Unsaved changes will be lost/)).toBeNull();
  });

  it('says which unsaved changes signing out would lose', async () => {
    removeDrafts = [draftRegistry.add('Visit notes'), draftRegistry.add('Vitals'), draftRegistry.add('Visit notes')];
    await renderWithProviders(<IdleSignOut timeoutMs={TIMEOUT_MS} onIdle={vi.fn()} />);
    const warning = await waitForWarning();
    expect(within(warning).getByText(/Unsaved changes will be lost/).textContent).toBe(
      'Unsaved changes will be lost: Visit notes, Vitals. Stay signed in to keep them.',
    );
  });

  it('names a draft begun while the warning shows, and signs out when the minute is up', async () => {
    const onIdle = vi.fn();
    await renderWithProviders(<IdleSignOut timeoutMs={TIMEOUT_MS} onIdle={onIdle} />);
    const warning = await waitForWarning();
    act(() => {
      removeDrafts = [draftRegistry.add('Consent form')];
    });
    expect(within(warning).getByText(/Unsaved changes will be lost: Consent form/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(onIdle).toHaveBeenCalledTimes(1);
  });
});
