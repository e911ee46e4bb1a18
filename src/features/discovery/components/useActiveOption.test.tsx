// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import type { KeyboardEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useActiveOption } from './useActiveOption';

const three = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

/** A key press as the search box hands it on, recording whether the browser's own action was stopped. */
function press(key: string) {
  const event = { key, preventDefault: vi.fn() };
  return { event: event as unknown as KeyboardEvent<HTMLElement>, stopped: event.preventDefault };
}

function withOptions(options: readonly { id: string }[], onChoose = vi.fn()) {
  const view = renderHook(({ list }) => useActiveOption(list, 'results', onChoose), {
    initialProps: { list: options },
  });
  const keys = (...names: string[]) => {
    for (const name of names) act(() => view.result.current.onKeyDown(press(name).event));
  };
  return { view, keys, onChoose };
}

describe('useActiveOption', () => {
  it('starts on the first option, named for the search box', () => {
    const { view } = withOptions(three);
    expect(view.result.current.activeIndex).toBe(0);
    expect(view.result.current.activeId).toBe('results-a');
  });

  it('moves with the arrows, wrapping at both ends', () => {
    const { view, keys } = withOptions(three);
    keys('ArrowDown', 'ArrowDown');
    expect(view.result.current.activeId).toBe('results-c');
    keys('ArrowDown');
    expect(view.result.current.activeId).toBe('results-a');
    keys('ArrowUp');
    expect(view.result.current.activeId).toBe('results-c');
  });

  it('chooses the active option with Enter, and keeps the keys from the browser', () => {
    const { view, keys, onChoose } = withOptions(three);
    keys('ArrowDown');
    const enter = press('Enter');
    act(() => view.result.current.onKeyDown(enter.event));
    expect(onChoose).toHaveBeenCalledExactlyOnceWith({ id: 'b' });
    expect(enter.stopped).toHaveBeenCalled();
  });

  it('starts again from the first option when the list changes', () => {
    const { view, keys } = withOptions(three);
    keys('ArrowDown', 'ArrowDown');
    view.rerender({ list: [{ id: 'd' }, { id: 'c' }] });
    expect(view.result.current.activeId).toBe('results-d');
  });

  it('leaves every key alone, and names no option, while the list is empty', () => {
    const { view, onChoose } = withOptions([]);
    const down = press('ArrowDown');
    const enter = press('Enter');
    act(() => view.result.current.onKeyDown(down.event));
    act(() => view.result.current.onKeyDown(enter.event));
    expect(view.result.current.activeId).toBeUndefined();
    expect(down.stopped).not.toHaveBeenCalled();
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('lets other keys through to the search box', () => {
    const { view } = withOptions(three);
    const letter = press('k');
    act(() => view.result.current.onKeyDown(letter.event));
    expect(letter.stopped).not.toHaveBeenCalled();
    expect(view.result.current.activeIndex).toBe(0);
  });
});
