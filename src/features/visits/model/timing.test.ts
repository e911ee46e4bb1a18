import { describe, expect, it } from 'vitest';
import { clockOf } from '@/lib/intl';
import { clockFlag, entryTime } from './timing';

const BENGALURU = clockOf('Asia/Kolkata');

describe('when an entry was made, as the chart says it', () => {
  it('is the device’s time on the clinic’s clock when the server had it at once', () => {
    expect(
      entryTime(
        { recorded_at: '2026-12-01T08:41:00Z', at: '2026-12-01T08:41:20Z', device_clock_offset_ms: 800 },
        BENGALURU,
      ),
    ).toBe('14:11');
  });

  it('says when an entry made offline reached the server, and the day when it was another', () => {
    expect(
      entryTime(
        { recorded_at: '2026-12-01T08:41:00Z', at: '2026-12-01T09:12:00Z', device_clock_offset_ms: null },
        BENGALURU,
      ),
    ).toBe('14:11 (recorded offline at 14:11, reached the server 14:42)');
    expect(
      entryTime(
        { recorded_at: '2026-12-01T08:41:00Z', at: '2026-12-02T04:00:00Z', device_clock_offset_ms: null },
        BENGALURU,
      ),
    ).toBe('14:11 (recorded offline at 14:11, reached the server Wed 2 Dec 2026, 09:30)');
  });

  it('flags a device clock more than five minutes off, without calling its entries offline', () => {
    const slow = 7 * 60_000;
    expect(
      entryTime(
        { recorded_at: '2026-12-01T08:34:00Z', at: '2026-12-01T08:41:05Z', device_clock_offset_ms: slow },
        BENGALURU,
      ),
    ).toBe('14:04 (device clock 7 min slow)');
    expect(clockFlag(-6 * 60_000)).toBe('device clock 6 min fast');
    expect(clockFlag(5 * 60_000)).toBeNull();
    expect(clockFlag(null)).toBeNull();
  });
});
