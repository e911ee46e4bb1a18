import { describe, expect, it } from 'vitest';
import { placeInBundle } from './ImportReportDialog';

describe('where a refused bundle is wrong, in words', () => {
  it('counts entries from one and names the element', () => {
    expect(placeInBundle('body.entry.2.resource.code')).toBe('entry 3: code');
    expect(placeInBundle('body.entry.0.resource.valueQuantity.value')).toBe('entry 1: valueQuantity.value');
    expect(placeInBundle('body.entry.4')).toBe('entry 5');
    expect(placeInBundle('body.entry')).toBe('entry');
    expect(placeInBundle('body')).toBe('the bundle');
  });
});
