import { describe, expect, it } from 'vitest';
import { pruneUnreadCustomProperties } from './prune-custom-properties.ts';

const page = (css: string, body = '<p>Hi</p>') => `<html><head><style>${css}</style></head><body>${body}</body></html>`;

describe('pruneUnreadCustomProperties', () => {
  it('keeps what a rule reads and drops what nothing reads', () => {
    const html = page(':root{--used:red;--unused:blue;color-scheme:light}.a{color:var(--used)}');
    expect(pruneUnreadCustomProperties(html)).toBe(page(':root{--used:red;color-scheme:light}.a{color:var(--used)}'));
  });

  it('keeps a property read only through another that is read, and drops chains nothing reads', () => {
    const html = page(
      ':root{--base:1px;--scaled:calc(var(--base) * 2);--orphan-base:3px;--orphan:var(--orphan-base)}' +
        '.a{padding:var(--scaled)}',
    );
    expect(pruneUnreadCustomProperties(html)).toBe(
      page(':root{--base:1px;--scaled:calc(var(--base) * 2)}.a{padding:var(--scaled)}'),
    );
  });

  it('counts what inline styles read, and a fallback inside var()', () => {
    const html = page(
      ':root{--tone:green;--fallback:grey;--spare:pink}.b{color:var(--missing, var(--fallback))}',
      '<button style="--button-bg: var(--tone)">Go</button>',
    );
    expect(pruneUnreadCustomProperties(html)).toBe(
      page(
        ':root{--tone:green;--fallback:grey}.b{color:var(--missing, var(--fallback))}',
        '<button style="--button-bg: var(--tone)">Go</button>',
      ),
    );
  });

  it('reads across style blocks, and leaves out a rule and an at-rule left empty', () => {
    const html =
      '<style>:root{--a:1px;--b:2px}@media (min-width: 40em){:root{--b:3px}}</style>' +
      '<style data-mantine-styles="true">.c{margin:var(--a)}</style>';
    expect(pruneUnreadCustomProperties(html)).toBe(
      '<style>:root{--a:1px}</style><style data-mantine-styles="true">.c{margin:var(--a)}</style>',
    );
  });
});
