/**
 * The first sign that someone is using the page: focus, a press, a key. What
 * waits for it (the app on the prerendered sign-in page, the identity SDK on
 * the live one) asks here, so the page listens for it once and in one way.
 */

type Listener = () => void;

/** What shows that someone is starting to use the page. */
const INTENT_EVENTS = ['focusin', 'pointerdown', 'keydown', 'touchstart'] as const;

let acted = false;
let listening = false;
const listeners = new Set<Listener>();

function act(): void {
  if (acted) return;
  acted = true;
  for (const type of INTENT_EVENTS) document.removeEventListener(type, act, true);
  for (const listener of listeners) listener();
  listeners.clear();
}

/** Calls `listener` once, when the person first uses the page, or at once if they already have. */
export function onIntent(listener: Listener): void {
  if (acted) {
    listener();
    return;
  }
  listeners.add(listener);
  if (listening) return;
  listening = true;
  for (const type of INTENT_EVENTS) document.addEventListener(type, act, { capture: true, passive: true });
}

/** Intent the events above do not carry: a submit of the prerendered form, for one. */
export function markIntent(): void {
  act();
}
