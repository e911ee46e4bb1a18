import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isNewVersion, readDeployedVersion, VERSION_POLL_MS, versionFileUrl, watchVersion } from './version-check';

describe('the version comparison', () => {
  it('is a new version only when both are known and differ', () => {
    expect(isNewVersion('b1', 'b2')).toBe(true);
    expect(isNewVersion('b1', 'b1')).toBe(false);
    expect(isNewVersion(undefined, 'b2')).toBe(false);
    expect(isNewVersion('b1', undefined)).toBe(false);
  });
});

describe('reading /version.json', () => {
  it('busts caches with a t parameter and asks for no-cache', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(Response.json({ buildId: 'b7' })));
    expect(await readDeployedVersion(fetchImpl, () => 1234)).toBe('b7');
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/version.json?t=1234');
    expect(new Headers(init?.headers).get('Cache-Control')).toBe('no-cache');
    expect(init?.cache).toBe('no-store');
    expect(versionFileUrl(99)).toBe('/version.json?t=99');
  });

  it('says nothing when the file cannot be read', async () => {
    expect(await readDeployedVersion(() => Promise.reject(new TypeError('Failed to fetch')))).toBeUndefined();
    expect(await readDeployedVersion(() => Promise.resolve(new Response('nope', { status: 502 })))).toBeUndefined();
    expect(await readDeployedVersion(() => Promise.resolve(Response.json({ other: 1 })))).toBeUndefined();
    expect(await readDeployedVersion(() => Promise.resolve(new Response('<html>')))).toBeUndefined();
  });
});

describe('polling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads at start and every 5 minutes, and reports a version that differs from the first one seen', async () => {
    const versions = ['b1', 'b1', 'b2'];
    const read = vi.fn(() => Promise.resolve(versions.shift()));
    const onNewVersion = vi.fn();
    watchVersion({ read, onNewVersion });
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(VERSION_POLL_MS - 1);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(2);
    expect(onNewVersion).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(VERSION_POLL_MS);
    expect(read).toHaveBeenCalledTimes(3);
    expect(onNewVersion).toHaveBeenCalledTimes(1);

    // Reported once; polling stops.
    await vi.advanceTimersByTimeAsync(VERSION_POLL_MS * 3);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('a tablet left running for days notices a deployment within 5 minutes', async () => {
    let deployed = 'b1';
    const onNewVersion = vi.fn();
    watchVersion({ read: () => Promise.resolve(deployed), onNewVersion });
    await vi.advanceTimersByTimeAsync(3 * 24 * 60 * 60 * 1000);
    deployed = 'b2';
    await vi.advanceTimersByTimeAsync(VERSION_POLL_MS);
    expect(onNewVersion).toHaveBeenCalledTimes(1);
  });

  it('an unreadable first read does not count as the first version seen', async () => {
    const versions = [undefined, 'b1', 'b1'];
    const onNewVersion = vi.fn();
    watchVersion({ read: () => Promise.resolve(versions.shift()), onNewVersion });
    await vi.advanceTimersByTimeAsync(VERSION_POLL_MS * 2);
    expect(onNewVersion).not.toHaveBeenCalled();
  });

  it('does not read while offline, and can be asked to read now', async () => {
    let online = false;
    const read = vi.fn(() => Promise.resolve('b1'));
    const watch = watchVersion({ read, onNewVersion: vi.fn(), canRead: () => online });
    await vi.advanceTimersByTimeAsync(VERSION_POLL_MS);
    expect(read).not.toHaveBeenCalled();
    online = true;
    await watch.check();
    expect(read).toHaveBeenCalledTimes(1);
    watch.stop();
    await vi.advanceTimersByTimeAsync(VERSION_POLL_MS);
    expect(read).toHaveBeenCalledTimes(1);
  });
});
