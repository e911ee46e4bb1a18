import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * mantine-styles.ts imports the CSS of the Mantine components Thrive uses,
 * not all of them; shell/signed-in-styles.ts adds those only signed-in screens
 * use, loaded with the signed-in shell. This test finds every component imported from
 * '@mantine/core' in src, follows Mantine's own sources to the components
 * those render (Button renders Loader, PasswordInput renders ActionIcon...),
 * and fails when a needed stylesheet is missing, comes after one that builds
 * on it, or loads only with the shell while another screen needs it.
 */
const root = path.resolve(import.meta.dirname, '../..');
const mantine = path.join(root, 'node_modules/@mantine/core');
const stylesDir = path.join(mantine, 'styles');
const esm = path.join(mantine, 'esm');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const shellDir = path.join(import.meta.dirname, 'shell');
const src = path.join(root, 'src');

/**
 * Sources that only signed-in screens use: the shell, the signed-in routes,
 * the features behind them (all but sign-in and the not-authorized page) and
 * components/signed-in.
 */
function signedInOnly(file: string): boolean {
  const relative = path.relative(src, file).split(path.sep);
  if (relative[0] === 'app') return relative[1] === 'shell' || relative[1] === 'sync';
  if (relative[0] === 'routes') return relative[1] === '_authenticated' || relative[1] === '_authenticated.tsx';
  if (relative[0] === 'features') return !['auth', 'access'].includes(relative[1]!);
  // Shared pieces that only signed-in screens render.
  if (relative[0] === 'components') return relative[1] === 'signed-in';
  return false;
}

/** The components imported by src (or, with `firstScreen`, by what can show before the signed-in shell). */
function usedComponents({ firstScreen = false } = {}): Set<string> {
  const used = new Set<string>();
  for (const file of sourceFiles(src)) {
    if (firstScreen && signedInOnly(file)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
      for (const raw of match[1]!.split(',')) {
        const name = raw.replace(/^\s*type\s+/, '').trim();
        if (/^[A-Z]/.test(name) && existsSync(path.join(esm, 'components', name, `${name}.mjs`))) used.add(name);
      }
    }
  }
  return used;
}

const hasStyles = (name: string) => existsSync(path.join(stylesDir, `${name}.css`));

/** The styled components a Mantine module renders, directly (its imports, followed through unstyled helpers). */
function directDependencies(entry: string): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from\s+"(\.[^"]+\.mjs)"/g)) {
      const target = path.resolve(path.dirname(file), spec!);
      if (!target.startsWith(path.join(esm, 'components')) && !target.startsWith(path.join(esm, 'utils'))) continue;
      const name = path.basename(target, '.mjs');
      if (path.basename(path.dirname(target)) === name && hasStyles(name) && target !== entry) found.add(name);
      else visit(target);
    }
  };
  visit(entry);
  return found;
}

function componentFile(name: string): string {
  const candidates = [path.join(esm, 'components', name, `${name}.mjs`)];
  const walk = (dir: string): string | undefined => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) {
        if (entry === name && existsSync(path.join(full, `${name}.mjs`))) return path.join(full, `${name}.mjs`);
        const deeper = walk(full);
        if (deeper) return deeper;
      }
    }
    return undefined;
  };
  return candidates.find(existsSync) ?? walk(path.join(esm, 'components')) ?? walk(path.join(esm, 'utils'))!;
}

function requiredStyles(used: Set<string>): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const add = (name: string) => {
    if (graph.has(name)) return;
    const deps = directDependencies(componentFile(name));
    graph.set(name, deps);
    deps.forEach(add);
  };
  used.forEach(add);
  return graph;
}

const stylesheetsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/^import '@mantine\/core\/styles\/([\w-]+)\.css';$/gm)].map((m) => m[1]!);

/** Loaded before the first screen. */
const entry = stylesheetsOf(path.join(import.meta.dirname, 'mantine-styles.ts'));
/** In the order the browser applies them: the shell's come after the entry's. */
const imported = [...entry, ...stylesheetsOf(path.join(shellDir, 'signed-in-styles.ts'))];

describe('mantine-styles.ts', () => {
  const graph = requiredStyles(usedComponents());

  it('starts with the base styles, in Mantine’s order', () => {
    expect(imported.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
  });

  it('imports the styles of every component in use and of what those render', () => {
    const needed = [...graph.keys()].filter(hasStyles).sort();
    expect(needed.filter((name) => !imported.includes(name))).toEqual([]);
  });

  it('imports what a component builds on before the component', () => {
    const late: string[] = [];
    for (const [name, deps] of graph) {
      if (!hasStyles(name)) continue;
      for (const dep of deps) {
        if (imported.indexOf(dep) > imported.indexOf(name)) late.push(`${dep} after ${name}`);
      }
    }
    expect(late).toEqual([]);
  });

  it('loads before the first screen what can show outside the signed-in shell', () => {
    const needed = [...requiredStyles(usedComponents({ firstScreen: true })).keys()].filter(hasStyles).sort();
    expect(needed.filter((name) => !entry.includes(name))).toEqual([]);
  });

  it('loads before the first screen nothing that only signed-in screens need', () => {
    const needed = new Set(requiredStyles(usedComponents({ firstScreen: true })).keys());
    expect(entry.slice(3).filter((name) => !needed.has(name))).toEqual([]);
  });
});
