// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prerenderedRoot } from '@/test/prerendered';

/** A sign-in form as login.html and the live app both render it: e-mail, password, a button. */
function signInPage(): HTMLElement {
  const main = document.createElement('main');
  const form = document.createElement('form');
  form.setAttribute('aria-label', 'Sign in');
  for (const [autocomplete, type] of [
    ['username', 'email'],
    ['current-password', 'password'],
  ] as const) {
    const input = document.createElement('input');
    input.autocomplete = autocomplete;
    input.type = type;
    form.append(input);
  }
  const button = document.createElement('button');
  button.textContent = 'Sign in';
  form.append(button);
  main.append(form);
  return main;
}

/** The prerendered sign-in page, as login.html carries it. */
const staticPage = () => prerenderedRoot('login', signInPage());

/** The live sign-in page, as React renders it into the container it is given. */
function renderLive(container: HTMLElement): { email: HTMLInputElement; form: HTMLFormElement } {
  container.replaceChildren(signInPage());
  return { email: container.querySelector('input')!, form: container.querySelector('form')! };
}

// Each case needs the module's state fresh: one hand-over per page load.
async function handover() {
  vi.resetModules();
  return { ...(await import('./shell-handover')), ...(await import('./intent')) };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('the hand-over from the prerendered sign-in page to the live app', () => {
  it('renders the live app outside the document until it is revealed, then in the static page’s place', async () => {
    const { takeOverShell, revealApp } = await handover();
    const root = staticPage();
    const container = takeOverShell(root);
    renderLive(container);

    expect(container.isConnected).toBe(false);
    expect(root.querySelectorAll('form')).toHaveLength(1);

    revealApp();
    expect(container.parentElement).toBe(root);
    expect(root.querySelectorAll('form')).toHaveLength(1);
    // The root says it holds the live app now (what waits for the live app looks for this).
    expect(root.dataset.prerendered).toBeUndefined();
  });

  it('carries over what was typed and the focus', async () => {
    const { takeOverShell, revealApp } = await handover();
    const root = staticPage();
    const typedEmail = root.querySelector<HTMLInputElement>('input[autocomplete="username"]')!;
    const container = takeOverShell(root);
    const live = renderLive(container);
    const heard: string[] = [];
    live.email.addEventListener('input', () => heard.push(live.email.value));

    typedEmail.value = 'nurse@thrive.test';
    typedEmail.focus();
    revealApp();

    expect(live.email.value).toBe('nurse@thrive.test');
    expect(heard).toEqual(['nurse@thrive.test']);
    expect(document.activeElement).toBe(live.email);
  });

  it('keeps a submit made before the app was there, and makes it again on the live form', async () => {
    const { takeOverShell, revealApp, onIntent } = await handover();
    const root = staticPage();
    const container = takeOverShell(root);
    const intent = vi.fn();
    onIntent(intent);

    const early = new Event('submit', { bubbles: true, cancelable: true });
    root.querySelector('form')!.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(intent).toHaveBeenCalledTimes(1);

    const live = renderLive(container);
    const submitted = vi.fn((event: Event) => event.preventDefault());
    live.form.addEventListener('submit', submitted);
    live.form.requestSubmit = () => live.form.dispatchEvent(new Event('submit', { cancelable: true }));
    revealApp();
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('waits for a press on the static page to end, so its click (a submit) is not lost', async () => {
    vi.useFakeTimers();
    try {
      const { takeOverShell, revealApp } = await handover();
      const root = staticPage();
      const button = root.querySelector('button')!;
      const container = takeOverShell(root);
      const live = renderLive(container);
      const submitted = vi.fn((event: Event) => event.preventDefault());
      live.form.addEventListener('submit', submitted);
      live.form.requestSubmit = () => live.form.dispatchEvent(new Event('submit', { cancelable: true }));

      button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      revealApp();
      expect(container.isConnected).toBe(false);

      window.dispatchEvent(new Event('pointerup'));
      root.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      vi.runAllTimers();
      expect(container.isConnected).toBe(true);
      expect(submitted).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a press on another button of the static page, and makes it on the live button of the same words', async () => {
    const { takeOverShell, revealApp } = await handover();
    const root = staticPage();
    const other = () => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = ' Sign in as someone else ';
      return button;
    };
    root.querySelector('main')!.append(other());
    const container = takeOverShell(root);
    root.querySelector<HTMLButtonElement>('button[type="button"]')!.click();

    renderLive(container);
    const liveOther = other();
    const pressed = vi.fn();
    liveOther.addEventListener('click', pressed);
    container.querySelector('main')!.append(liveOther);
    // Pressing the live page's buttons from here on is the app's own business.
    const liveSubmit = vi.fn((event: Event) => event.preventDefault());
    container.querySelector('form')!.addEventListener('submit', liveSubmit);
    revealApp();
    expect(pressed).toHaveBeenCalledTimes(1);
    expect(liveSubmit).not.toHaveBeenCalled();
  });

  it('renders straight into a root that holds no prerendered page', async () => {
    const { takeOverShell } = await handover();
    const root = document.createElement('div');
    document.body.replaceChildren(root);
    expect(takeOverShell(root)).toBe(root);
  });
});
