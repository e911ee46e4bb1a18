// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_SETTINGS_KEY } from '@/pwa/device-mode';
import { prerenderedRoot } from '@/test/prerendered';
import { TEST_SESSION_KEY } from '@/test/tokens';
import { UNLOCK_TEMPLATE_ID } from './static-unlock';

/** A session as the identity SDK keeps it: never an ID token (it names the person), the other tokens. */
function leaveSession(storage: Storage, username: string): void {
  storage.setItem(`${TEST_SESSION_KEY}.LastAuthUser`, username);
  storage.setItem(`${TEST_SESSION_KEY}.${username}.accessToken`, 'a.b.c');
  storage.setItem(`${TEST_SESSION_KEY}.${username}.refreshToken`, 'opaque');
}

/** The prerendered unlock screen: its e-mail line blank, its form. */
function unlockScreen(): HTMLElement {
  const main = document.createElement('main');
  const emailLine = document.createElement('p');
  emailLine.dataset.unlockEmail = '';
  emailLine.textContent = '\u00a0';
  const form = document.createElement('form');
  form.setAttribute('aria-label', 'Unlock Thrive');
  const password = document.createElement('input');
  password.autocomplete = 'current-password';
  form.append(password);
  main.append(emailLine, form);
  return main;
}

/** index.html as the build leaves it: an empty root and the prerendered screen in its template. */
function indexHtml(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  const template = document.createElement('template');
  template.id = UNLOCK_TEMPLATE_ID;
  template.content.append(unlockScreen());
  document.body.replaceChildren(root, template);
  return root;
}

/** locked-start.html, which the service worker answers a start it knows opens locked with: the screen in the root. */
const lockedStartHtml = () => prerenderedRoot('unlock', unlockScreen());

// The device's settings are read once per page load: each case loads the module afresh.
async function showStaticUnlock(root: HTMLElement) {
  vi.resetModules();
  return (await import('./static-unlock')).showStaticUnlock(root);
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => document.body.replaceChildren());

describe('the prerendered unlock screen at start', () => {
  it('is shown on a personal device with a saved session, marked for the app to take over', async () => {
    const root = indexHtml();
    leaveSession(localStorage, 'user-ada');
    expect(await showStaticUnlock(root)).toBe(true);
    expect(root.querySelector('form')?.getAttribute('aria-label')).toBe('Unlock Thrive');
    expect(root.dataset.prerendered).toBe('unlock');
    expect(document.activeElement).toBe(root.querySelector('input[autocomplete="current-password"]'));
  });

  it('is shown on a shared tablet from the tab’s session, not from tokens an earlier mode left on the disk', async () => {
    localStorage.setItem(DEVICE_SETTINGS_KEY, JSON.stringify({ mode: 'shared' }));
    const root = indexHtml();
    leaveSession(localStorage, 'user-left-behind');
    expect(await showStaticUnlock(root)).toBe(false);
    expect(root.childElementCount).toBe(0);

    leaveSession(sessionStorage, 'user-nurse');
    expect(await showStaticUnlock(root)).toBe(true);
    expect(root.dataset.prerendered).toBe('unlock');
  });

  it('is not shown on a kiosk, which keeps nothing to unlock', async () => {
    localStorage.setItem(DEVICE_SETTINGS_KEY, JSON.stringify({ mode: 'kiosk' }));
    const root = indexHtml();
    leaveSession(sessionStorage, 'user-desk');
    expect(await showStaticUnlock(root)).toBe(false);
    expect(root.dataset.prerendered).toBeUndefined();
  });

  it('is not shown without a session, nor where the page has no template (login.html)', async () => {
    const root = indexHtml();
    expect(await showStaticUnlock(root)).toBe(false);
    document.getElementById(UNLOCK_TEMPLATE_ID)!.remove();
    leaveSession(localStorage, 'user-ada');
    expect(await showStaticUnlock(root)).toBe(false);
    expect(root.childElementCount).toBe(0);
  });

  it('served by the service worker, is kept where it stands', async () => {
    const root = lockedStartHtml();
    const screen = root.firstElementChild;
    leaveSession(localStorage, 'user-ada');
    expect(await showStaticUnlock(root)).toBe(true);
    expect(root.firstElementChild).toBe(screen);
    expect(root.dataset.prerendered).toBe('unlock');
    expect(document.activeElement).toBe(root.querySelector('input[autocomplete="current-password"]'));
  });

  it('served by the service worker for a session that is gone, is taken away and the app starts as without one', async () => {
    const root = lockedStartHtml();
    expect(await showStaticUnlock(root)).toBe(false);
    expect(root.childElementCount).toBe(0);
    expect(root.dataset.prerendered).toBeUndefined();

    localStorage.setItem(DEVICE_SETTINGS_KEY, JSON.stringify({ mode: 'kiosk' }));
    const kiosk = lockedStartHtml();
    leaveSession(sessionStorage, 'user-desk');
    expect(await showStaticUnlock(kiosk)).toBe(false);
    expect(kiosk.childElementCount).toBe(0);
  });
});
