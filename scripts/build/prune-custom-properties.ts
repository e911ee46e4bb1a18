/**
 * The prerendered first screens (login.html, locked-start.html) carry their rules inline, and Mantine's theme
 * declares some 600 custom properties on `:root` (every shade of every colour, every size) of which such a
 * screen reads a few dozen. This drops, from the document's `<style>` blocks, each custom property that
 * nothing in the document reads: no `var()` in a rule, in a `style` attribute or in a property that is itself
 * read. The live app needs none of this: its whole stylesheet and Mantine's own variables arrive when it starts.
 */
import postcss from 'postcss';

const STYLE_BLOCK = /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/g;
const STYLE_ATTRIBUTE = /\sstyle="([^"]*)"/g;
const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;

function referencedNames(value: string): string[] {
  return Array.from(value.matchAll(VAR_REFERENCE), (match) => match[1] ?? '');
}

/** Every custom property the document reads, following properties that read others. */
function readCustomProperties(sheets: readonly postcss.Root[], html: string): Set<string> {
  const read = new Set<string>();
  const readsOf = new Map<string, string[]>();
  const pending: string[] = [];
  const markRead = (name: string) => {
    if (read.has(name)) return;
    read.add(name);
    pending.push(name);
  };
  for (const sheet of sheets) {
    sheet.walkDecls((declaration) => {
      const names = referencedNames(declaration.value);
      if (declaration.prop.startsWith('--')) {
        readsOf.set(declaration.prop, [...(readsOf.get(declaration.prop) ?? []), ...names]);
      } else {
        names.forEach(markRead);
      }
    });
  }
  // Inline styles (Mantine's style props) are kept whole, so everything they name is read.
  for (const [, style] of html.matchAll(STYLE_ATTRIBUTE)) referencedNames(style ?? '').forEach(markRead);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    (readsOf.get(name) ?? []).forEach(markRead);
  }
  return read;
}

/** The document with the custom properties nothing reads left out of its `<style>` blocks. */
export function pruneUnreadCustomProperties(html: string): string {
  const blocks = Array.from(html.matchAll(STYLE_BLOCK), (match) => postcss.parse(match[2] ?? ''));
  const read = readCustomProperties(blocks, html);
  let index = 0;
  return html.replace(STYLE_BLOCK, (_whole, open: string, _css: string, close: string) => {
    const sheet = blocks[index++];
    if (!sheet) throw new Error('pruneUnreadCustomProperties: a style block was not parsed');
    sheet.walkDecls((declaration) => {
      if (declaration.prop.startsWith('--') && !read.has(declaration.prop)) declaration.remove();
    });
    sheet.walkRules((rule) => {
      if (rule.nodes.length === 0) rule.remove();
    });
    sheet.walkAtRules((atRule) => {
      if (atRule.nodes !== undefined && atRule.nodes.length === 0) atRule.remove();
    });
    return `${open}${sheet.toString()}${close}`;
  });
}
