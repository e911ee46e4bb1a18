/** The page's #root holding a prerendered screen, as login.html or locked-start.html carries it, alone in the body. */
export function prerenderedRoot(kind: 'login' | 'unlock', screen: Node): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.dataset.prerendered = kind;
  root.append(screen);
  document.body.replaceChildren(root);
  return root;
}
