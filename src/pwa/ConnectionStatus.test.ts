import { describe, expect, it } from 'vitest';
import { lineOf } from './ConnectionStatus';

const NOW = 1_800_000_000_000;
const base = {
  online: true,
  wasOffline: false,
  since: 0,
  readiness: 'ready' as const,
  readySince: 0,
  oldest: 0,
  now: NOW,
};

describe('the connection line', () => {
  it('says nothing online on a device that works offline', () => {
    expect(lineOf(base)).toBeNull();
  });

  it('says while a new device gets ready to work offline, and for a moment when it is', () => {
    expect(lineOf({ ...base, readiness: 'preparing' })?.text).toBe('Getting this device ready to work offline…');
    expect(lineOf({ ...base, readySince: NOW - 1000 })).toEqual({ text: 'Ready to work offline', tone: 'good' });
    expect(lineOf({ ...base, readySince: NOW - 5000 })).toBeNull();
  });

  it('offline, says how old the data shown is, and when the device was not ready yet', () => {
    expect(lineOf({ ...base, online: false, oldest: NOW - 5 * 60_000 })?.text).toBe(
      'Offline · showing data from 5 min ago',
    );
    expect(lineOf({ ...base, online: false, readiness: 'preparing' })?.text).toBe(
      'Offline · this device was not ready to work offline yet: screens not opened here open when the connection returns',
    );
  });

  it('says "Back online" for a moment when the network returns', () => {
    expect(lineOf({ ...base, wasOffline: true, since: NOW - 1000 })).toEqual({ text: 'Back online', tone: 'good' });
    expect(lineOf({ ...base, wasOffline: true, since: NOW - 5000 })).toBeNull();
  });
});
