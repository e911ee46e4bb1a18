import { describe, expect, it } from 'vitest';
import { THRIVE_TEAL, brand } from '@/config/brand';

/** WCAG 2 relative luminance and contrast ratio. */
function luminance(colour: string): number {
  const n = Number.parseInt(colour.slice(1), 16);
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const AA = 4.5;

describe('the brand colour set meets WCAG AA for normal text', () => {
  it.each([
    ['white on the primary (filled buttons)', brand.onPrimary, brand.primary],
    ['the primary on white (links, outline buttons)', brand.primary, brand.surface],
    ['the primary on the page background', brand.primary, brand.background],
    ['text on the page background', brand.text, brand.background],
    ['secondary text on the page background', brand.dimmed, brand.background],
    ['secondary text on white', brand.dimmed, brand.surface],
    ['error text on white', brand.error, brand.surface],
    ['error text on the page background', brand.error, brand.background],
    ['the primary on its lightest tint (light badges and alerts)', brand.primary, THRIVE_TEAL[0]],
    ['the current navigation item', brand.navActiveText, brand.navActiveBackground],
    ['navigation labels and the header on white', brand.text, brand.surface],
    ['an error banner’s title', brand.error, brand.errorSurface],
    ['an error banner’s message', brand.text, brand.errorSurface],
  ])('%s', (_, foreground, background) => {
    expect(contrast(foreground, background)).toBeGreaterThanOrEqual(AA);
  });
});
