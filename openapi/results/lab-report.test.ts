import { describe, expect, it } from 'vitest';
import { startsAsPdf } from './lab-report.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('whether a file is a PDF', () => {
  it('goes by its first bytes, not its name or type', () => {
    expect(startsAsPdf(bytes('%PDF-1.7\n'))).toBe(true);
    expect(startsAsPdf(bytes('%PDF-'))).toBe(false);
    expect(startsAsPdf(bytes(' %PDF-1.7'))).toBe(false);
    expect(startsAsPdf(bytes('%pdf-1.7'))).toBe(false);
    expect(startsAsPdf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe(false);
    expect(startsAsPdf(new Uint8Array())).toBe(false);
  });
});
