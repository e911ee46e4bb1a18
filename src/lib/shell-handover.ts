/**
 * The hand-over from the sign-in page prerendered into login.html to the live
 * app. The static page paints before any script runs. React renders the live
 * page into a container outside the document, and `revealApp` puts it in the
 * static page's place in one step once the first route has rendered, so
 * nothing on screen moves and the document never holds both. What the person
 * did meanwhile carries over: what they typed, where the focus was, a submit,
 * a press on one of its other buttons.
 */

import { markIntent } from './intent';

interface Handover {
  root: HTMLElement;
  shell: Element[];
  container: HTMLElement;
  submitted: boolean;
  /** The words of the last button other than a submit pressed on the static page, to press on the live one. */
  pressedButton: string | null;
  pendingFocus: HTMLElement | null;
  /** A press on the static page not yet released: the swap waits, or the press would lose its click. */
  pressing: boolean;
  revealWhenReleased: boolean;
}

let handover: Handover | null = null;

/**
 * Where React renders: `root` itself, or, when it holds the prerendered page,
 * a container outside the document that `revealApp` puts in its place.
 */
export function takeOverShell(root: HTMLElement): HTMLElement {
  if (handover) return handover.container;
  if (root.dataset.prerendered === undefined) return root;
  const state: Handover = {
    root,
    shell: [...root.children],
    container: document.createElement('div'),
    submitted: false,
    pressedButton: null,
    pendingFocus: null,
    pressing: false,
    revealWhenReleased: false,
  };
  root.addEventListener('pointerdown', () => (state.pressing = true), { capture: true, passive: true });
  const release = () => {
    state.pressing = false;
    // After the click this release makes (a submit is kept, as above), in the next task.
    if (state.revealWhenReleased) setTimeout(revealApp, 0);
  };
  for (const type of ['pointerup', 'pointercancel'] as const) {
    window.addEventListener(type, release, { capture: true, passive: true });
  }
  // A submit before the app is there must not reach the server (the static form has no handler): it is kept
  // and made again on the live form.
  root.addEventListener('submit', (event) => {
    if (state.shell.length === 0) return;
    event.preventDefault();
    state.submitted = true;
    markIntent();
  });
  // A button that is not a submit (sign in as someone else, forgot the password) does nothing on the static page:
  // its press is kept and made again on the live button of the same words.
  root.addEventListener('click', (event) => {
    if (state.shell.length === 0 || !(event.target instanceof Element)) return;
    const button = event.target.closest('button');
    const words = button?.type === 'button' ? button.textContent.trim() : '';
    if (words !== '') state.pressedButton = words;
  });
  handover = state;
  return state.container;
}

/** Focuses `element` now, or once it is in the document if the live app is not shown yet. */
export function focusWhenShown(element: HTMLElement): void {
  if (handover && !handover.container.isConnected && handover.container.contains(element)) {
    handover.pendingFocus = element;
  } else {
    element.focus();
  }
}

/** Sets an input's value as typing would, so React's onChange sees it. */
function typeInto(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Puts the live app in the prerendered page's place, with what was typed, focused or submitted there. */
export function revealApp(): void {
  const state = handover;
  if (!state || state.container.isConnected) return;
  if (state.pressing) {
    state.revealWhenReleased = true;
    return;
  }
  const live = (input: Element) => {
    const autocomplete = input.getAttribute('autocomplete');
    return autocomplete
      ? state.container.querySelector<HTMLInputElement>(`input[autocomplete="${autocomplete}"]`)
      : null;
  };
  const focused = document.activeElement;
  let focusTarget = state.pendingFocus;
  const typed: [HTMLInputElement, string][] = [];
  for (const node of state.shell) {
    for (const input of node.querySelectorAll('input')) {
      const target = live(input);
      if (target && input.value !== '') typed.push([target, input.value]);
      if (target && input === focused) focusTarget = target;
    }
  }
  state.root.replaceChildren(state.container);
  state.shell = [];
  // The root holds the live app from here on.
  delete state.root.dataset.prerendered;
  // In the document now, so React's listeners (on the container) hear the typing.
  for (const [input, value] of typed) typeInto(input, value);
  focusTarget?.focus();
  if (state.submitted) state.container.querySelector('form')?.requestSubmit();
  const pressed = state.pressedButton;
  if (pressed !== null) {
    [...state.container.querySelectorAll('button')].find((button) => button.textContent.trim() === pressed)?.click();
  }
}
