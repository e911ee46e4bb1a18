// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SIGNED_OUT, sessionStore } from './session';
import { createSessionText } from './session-text';

const nurse = { authenticated: true, role: 'NURSE', username: 'nurse-1', email: 'nurse@thrive.test' } as const;
const otherNurse = { ...nurse, username: 'nurse-2', email: 'nurse2@thrive.test' } as const;

afterEach(() => sessionStore.set(SIGNED_OUT));

describe('createSessionText', () => {
  it('keeps the text for the signed-in person across remounts (coming back to the page)', () => {
    sessionStore.set(nurse);
    const useText = createSessionText();
    const { result, unmount } = renderHook(() => useText());
    act(() => result.current[1]('priya'));
    expect(result.current[0]).toBe('priya');
    unmount();
    expect(renderHook(() => useText()).result.current[0]).toBe('priya');
  });

  it('forgets the text when its person signs out, and never shows it to the next one', () => {
    sessionStore.set(nurse);
    const useText = createSessionText();
    const { result } = renderHook(() => useText());
    act(() => result.current[1]('98450'));
    act(() => sessionStore.set(otherNurse));
    expect(result.current[0]).toBeUndefined();
    act(() => sessionStore.set(nurse));
    expect(result.current[0]).toBeUndefined();
  });

  it('keeps nothing for an empty text or when nobody is signed in', () => {
    const useText = createSessionText();
    const { result } = renderHook(() => useText());
    act(() => result.current[1]('priya'));
    expect(result.current[0]).toBeUndefined();
    act(() => sessionStore.set(nurse));
    act(() => result.current[1](''));
    expect(result.current[0]).toBeUndefined();
  });

  it('keeps each page’s text apart', () => {
    sessionStore.set(nurse);
    const useUsers = createSessionText();
    const useDiscovery = createSessionText();
    const { result: users } = renderHook(() => useUsers());
    const { result: discovery } = renderHook(() => useDiscovery());
    act(() => users.current[1]('admin'));
    expect(discovery.current[0]).toBeUndefined();
  });
});
