/**
 * The hand-over from the sign-in page prerendered into login.html to the live
 * app. The static page paints before any script runs; React renders the real
 * one beside it, hidden, and `reveal` swaps the two in one step once the first
 * route has rendered, so nothing on screen moves. What the person did in the
 * meantime carries over: what they typed, where the focus was, and a submit.
 */

type Listener = () => void;

interface Handover {
  shell: Element[];
  container: HTMLElement;
  submitted: boolean;
  pendingFocus: HTMLElement | null;
  intended: boolean;
  onIntent: Set<Listener>;
}

let handover: Handover | null = null;

/**
 * Where React renders: `root` itself, or, when it holds the prerendered page,
 * a hidden element inside it that `reveal` shows in the static page's place.
 */
export function takeOverShell(root: HTMLElement): HTMLElement {
  if (root.dataset.prerendered === undefined || handover) return handover?.container ?? root;
  const container = document.createElement('div');
  container.hidden = true;
  const state: Handover = {
    shell: [...root.children],
    container,
    submitted: false,
    pendingFocus: null,
    intended: false,
    onIntent: new Set(),
  };
  root.append(container);
  // A submit before the app is there must not reach the server (the static form has no handler): it is kept
  // and made again on the live form.
  root.addEventListener('submit', (event) => {
    if (!state.shell.some((node) => node.contains(event.target as Node))) return;
    event.preventDefault();
    state.submitted = true;
    intent(state);
  });
  root.addEventListener('focusin', () => intent(state), { once: true });
  handover = state;
  return container;
}

function intent(state: Handover) {
  state.intended = true;
  for (const listener of state.onIntent) listener();
  state.onIntent.clear();
}

/** Calls `listener` once the person starts using the prerendered page (focus or submit), or at once if they have. */
export function onShellIntent(listener: Listener): void {
  if (handover?.intended) listener();
  else handover?.onIntent.add(listener);
}

/** Focuses `element` now, or when it is shown if it is still behind the prerendered page. */
export function focusWhenShown(element: HTMLElement): void {
  if (handover?.container.hidden && handover.container.contains(element)) handover.pendingFocus = element;
  else element.focus();
}

/** Sets an input's value as typing would, so React's onChange sees it. */
function typeInto(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Shows the live app in the prerendered page's place, with what was typed, focused or submitted there. */
export function revealApp(): void {
  const state = handover;
  if (!state?.container.hidden) return;
  const live = (input: Element) => {
    const autocomplete = input.getAttribute('autocomplete');
    return autocomplete
      ? state.container.querySelector<HTMLInputElement>(`input[autocomplete="${autocomplete}"]`)
      : null;
  };
  const focused = document.activeElement;
  let focusTarget = state.pendingFocus;
  for (const node of state.shell) {
    for (const input of node.querySelectorAll('input')) {
      const target = live(input);
      if (target && input.value !== '') typeInto(target, input.value);
      if (target && input === focused) focusTarget = target;
    }
  }
  for (const node of state.shell) node.remove();
  state.shell = [];
  state.container.hidden = false;
  focusTarget?.focus();
  if (state.submitted) state.container.querySelector('form')?.requestSubmit();
}
