import { describe, expect, it } from 'vitest';
import createClient from 'openapi-fetch';
import type { paths } from '@contract';
import { measureServerClock, serverClockOffset } from './server-clock';

/** An API whose answers carry `date` and take `roundTripMs` on a clock the test moves. */
function clientAnswering(date: string | null, roundTripMs: number, clock: { now: number }) {
  const client = createClient<paths>({
    baseUrl: 'https://thrive.test/api/v1',
    fetch: () => {
      clock.now += roundTripMs;
      return Promise.resolve(
        new Response('{"status":"ok"}', {
          status: 200,
          headers: { 'content-type': 'application/json', ...(date ? { date } : {}) },
        }),
      );
    },
  });
  client.use(measureServerClock(() => clock.now));
  return client;
}

describe('the server clock offset', () => {
  it('is measured from the Date of an answer, half way through its round trip', async () => {
    // The device thinks it is 14:00:00.000; the server writes 14:07:00 (in the middle of a 400 ms round trip).
    const clock = { now: Date.parse('2026-12-01T14:00:00.000Z') };
    await clientAnswering('Tue, 01 Dec 2026 14:07:00 GMT', 400, clock).GET('/health');
    // 14:07:00.500 (the middle of the Date's second) minus 14:00:00.200 (the middle of the round trip).
    expect(serverClockOffset()).toBe(7 * 60_000 + 300);
  });

  it('keeps the last good measure when an answer has no Date, or took too long to say much', async () => {
    const clock = { now: Date.parse('2026-12-01T14:00:00.000Z') };
    await clientAnswering('Tue, 01 Dec 2026 14:00:00 GMT', 0, clock).GET('/health');
    expect(serverClockOffset()).toBe(500);
    await clientAnswering(null, 100, clock).GET('/health');
    await clientAnswering('Tue, 01 Dec 2026 15:00:00 GMT', 20_000, clock).GET('/health');
    expect(serverClockOffset()).toBe(500);
  });
});
