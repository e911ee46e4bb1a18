import { describe, expect, it } from 'vitest';
import { isOfflineError, isScreenCodeMissing, OfflineError } from './offline';

describe('a screen’s code that could not be fetched', () => {
  it('is told by the words each browser uses for a failed dynamic import', () => {
    expect(
      isScreenCodeMissing(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js')),
    ).toBe(true);
    expect(isScreenCodeMissing(new TypeError('error loading dynamically imported module: https://x/a.js'))).toBe(true);
    expect(isScreenCodeMissing(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isScreenCodeMissing(new Error('Unable to preload CSS for https://x/assets/a.css'))).toBe(true);
  });

  it('is not any other failure, nor data missing offline', () => {
    expect(isScreenCodeMissing(new TypeError('Failed to fetch'))).toBe(false);
    expect(isScreenCodeMissing(new OfflineError())).toBe(false);
    expect(isScreenCodeMissing('Failed to fetch dynamically imported module')).toBe(false);
    expect(isOfflineError(new OfflineError())).toBe(true);
  });
});
