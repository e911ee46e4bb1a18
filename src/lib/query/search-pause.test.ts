// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_PAUSE_MS, useSearchSender } from './search-pause';

describe('a search sent as typed', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function sender() {
    const sent: string[] = [];
    const hook = renderHook(() => useSearchSender((text: string) => sent.push(text)));
    return { sent, send: hook.result.current, unmount: hook.unmount };
  }

  it('goes at once when typing is slower than the pause', () => {
    const { sent, send } = sender();
    send('m');
    expect(sent).toEqual(['m']);
    vi.advanceTimersByTime(80);
    send('mu');
    expect(sent).toEqual(['m', 'mu']);
  });

  it('folds keys faster than the pause into one, with the last text, when the pause has passed', () => {
    const { sent, send } = sender();
    send('m');
    vi.advanceTimersByTime(10);
    send('mu');
    vi.advanceTimersByTime(10);
    send('muk');
    expect(sent).toEqual(['m']);
    vi.advanceTimersByTime(SEARCH_PAUSE_MS - 21);
    expect(sent).toEqual(['m']);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['m', 'muk']);
    vi.advanceTimersByTime(SEARCH_PAUSE_MS * 3);
    expect(sent).toEqual(['m', 'muk']);
  });

  it('sends nothing still waiting once cancelled, and goes on afterwards', () => {
    const { sent, send } = sender();
    send('m');
    send('mu');
    send.cancel();
    vi.advanceTimersByTime(SEARCH_PAUSE_MS * 2);
    expect(sent).toEqual(['m']);
    send('mud');
    expect(sent).toEqual(['m', 'mud']);
  });

  it('sends nothing after the screen has gone', () => {
    const { sent, send, unmount } = sender();
    send('m');
    send('mu');
    unmount();
    vi.advanceTimersByTime(SEARCH_PAUSE_MS * 2);
    expect(sent).toEqual(['m']);
  });

  it('sends through the function of the component’s last render', () => {
    const sent: string[] = [];
    const { result, rerender } = renderHook(
      ({ prefix }) => useSearchSender((text: string) => sent.push(prefix + text)),
      {
        initialProps: { prefix: 'a:' },
      },
    );
    result.current('m');
    rerender({ prefix: 'b:' });
    result.current('mu');
    vi.advanceTimersByTime(SEARCH_PAUSE_MS);
    expect(sent).toEqual(['a:m', 'b:mu']);
  });
});
