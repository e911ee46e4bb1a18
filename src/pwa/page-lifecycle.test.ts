// @vitest-environment jsdom
// (jsdom, unlike happy-dom, carries `persisted` on a PageTransitionEvent it is given.)
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_OUT, createSessionStore, type SessionState } from '@/lib/auth/session';
import { protectSignedInPages } from './page-lifecycle';

/**
 * The back-forward cache path, driven with the browser's own events: a page
 * put away (pagehide, persisted) and brought back (pageshow, persisted).
 * Playwright's Chromium runs with the back-forward cache off, so the
 * end-to-end test turns it back on to see this path in a real browser too.
 */

const NURSE_A: SessionState = { authenticated: true, role: 'NURSE', username: 'nurse-a', email: 'a@thrive.test' };
const NURSE_B: SessionState = { ...NURSE_A, username: 'nurse-b', email: 'b@thrive.test' };

const session = createSessionStore(NURSE_A);
let saved: SessionState | Error = NURSE_A;
const reload = vi.fn();
const readSession = vi.fn(() => (saved instanceof Error ? Promise.reject(saved) : Promise.resolve(saved)));

beforeAll(() => {
  // Listeners stay for the page's life, as in the app: installed once.
  protectSignedInPages(session, readSession, { reload });
});

beforeEach(() => {
  const page = document.createElement('div');
  page.id = 'root';
  const text = document.createElement('p');
  text.textContent = 'Priya Sharma, date of birth 1984-03-02';
  page.append(text);
  document.body.replaceChildren(page);
  session.set(NURSE_A);
  saved = NURSE_A;
  reload.mockReset();
  readSession.mockClear();
});

const root = () => document.getElementById('root')!;
const leave = (persisted: boolean) => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted }));
const comeBack = (persisted: boolean) => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted }));

describe('a signed-in page in the back-forward cache', () => {
  it('is hidden as it is put away', () => {
    leave(true);
    expect(root().style.visibility).toBe('hidden');
  });

  it('is loaded afresh when it comes back after sign-out, and never shown meanwhile', async () => {
    leave(true);
    // Signed out in another tab while this page sat in the cache.
    saved = SIGNED_OUT;
    comeBack(true);
    expect(root().style.visibility).toBe('hidden');
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(root().style.visibility).toBe('hidden');
  });

  it('is loaded afresh when someone else has signed in meanwhile', async () => {
    leave(true);
    saved = NURSE_B;
    comeBack(true);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('is loaded afresh when the session cannot be read', async () => {
    leave(true);
    saved = new Error('storage unavailable');
    comeBack(true);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('comes back as it was for the same user, still signed in', async () => {
    leave(true);
    comeBack(true);
    // Shown again once the saved session is read; the same read decides against a reload.
    await vi.waitFor(() => expect(root().style.visibility).toBe(''));
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('pages outside the back-forward cache', () => {
  it('are left alone: an ordinary load or a signed-out page', () => {
    leave(false);
    expect(root().style.visibility).toBe('');
    comeBack(false);
    session.set(SIGNED_OUT);
    leave(true);
    expect(root().style.visibility).toBe('');
    comeBack(true);
    // Nothing was hidden, so the session is not even read again.
    expect(readSession).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });
});
