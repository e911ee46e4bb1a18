// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { draftRegistry, useUnsavedDraft } from './drafts';

describe('the unsaved-draft registry', () => {
  it('lists a screen’s draft while it is unsaved, and forgets it after', () => {
    const { rerender, unmount } = renderHook(({ dirty }) => useUnsavedDraft(dirty, 'Visit notes'), {
      initialProps: { dirty: false },
    });
    expect(draftRegistry.getSnapshot()).toEqual([]);
    rerender({ dirty: true });
    expect(draftRegistry.getSnapshot()).toEqual(['Visit notes']);
    rerender({ dirty: false });
    expect(draftRegistry.getSnapshot()).toEqual([]);
    rerender({ dirty: true });
    unmount();
    expect(draftRegistry.getSnapshot()).toEqual([]);
  });

  it('asks the browser to confirm leaving while a draft is unsaved', () => {
    const remove = draftRegistry.add('Vitals');
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    remove();
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });
});
