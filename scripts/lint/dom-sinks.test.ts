/**
 * Lint forbids HTML and code from strings in the app: each of the DOM's
 * unsanitised sinks below is reported in a file of src/, by the project's own
 * ESLint configuration, and plain text rendering is not.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
/** A real file of the app, so the configuration that applies to src/ is the one used. */
const APP_FILE = path.join(root, 'src/components/ErrorBanner.tsx');

const SINKS: Record<string, string> = {
  dangerouslySetInnerHTML: 'export const A = (p: { h: string }) => <div dangerouslySetInnerHTML={{ __html: p.h }} />;',
  srcDoc: 'export const A = (p: { h: string }) => <iframe title="x" srcDoc={p.h} />;',
  innerHTML: 'export function a(el: HTMLElement, h: string) { el.innerHTML = h; }',
  outerHTML: 'export function a(el: HTMLElement, h: string) { el.outerHTML = h; }',
  insertAdjacentHTML: "export function a(el: HTMLElement, h: string) { el.insertAdjacentHTML('beforeend', h); }",
  'document.write': 'export function a(h: string) { document.write(h); }',
  createContextualFragment:
    'export function a(h: string) { return document.createRange().createContextualFragment(h); }',
  parseFromString: "export function a(h: string) { return new DOMParser().parseFromString(h, 'text/html'); }",
  setHTMLUnsafe:
    'export function a(el: Element, h: string) { (el as unknown as { setHTMLUnsafe(h: string): void }).setHTMLUnsafe(h); }',
  eval: 'export function a(code: string) { return eval(code); }',
  'new Function': "export function a(code: string) { return new Function('x', code); }",
  'setTimeout with text': "export function a() { setTimeout('alert(1)', 10); }",
  'javascript: URL': "export const A = () => <a href={'javascript:void(0)'}>x</a>;",
};

let eslint: ESLint;

// One linter for every case: its first run builds the type information the rules use, which takes a while on a
// busy machine; the cases after it take moments.
beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  await eslint.lintText('export {};\n', { filePath: APP_FILE });
}, 180_000);

async function problemsOf(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: APP_FILE });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('lint refuses unsanitised DOM sinks in the app', () => {
  it.each(Object.entries(SINKS))('%s', { timeout: 60_000 }, async (_name, code) => {
    const problems = await problemsOf(code);
    expect(
      problems.some((rule) =>
        [
          'no-restricted-syntax',
          'no-eval',
          'no-new-func',
          'no-script-url',
          '@typescript-eslint/no-implied-eval',
        ].includes(rule),
      ),
      problems.join(', '),
    ).toBe(true);
  });

  it('lets text be rendered as text', { timeout: 60_000 }, async () => {
    const problems = await problemsOf('export const A = (p: { text: string }) => <p title={p.text}>{p.text}</p>;\n');
    expect(problems.filter((rule) => rule === 'no-restricted-syntax' || rule.startsWith('no-'))).toEqual([]);
  });
});
