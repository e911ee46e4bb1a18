import type { Middleware } from 'openapi-fetch';

/**
 * How far this device's clock is from the server's, measured from the `Date`
 * header of the API's answers: kept with every clinical entry the device
 * times, so a record shows when a tablet's clock was off (an entry made
 * offline is timed by the device alone). `Date` has whole seconds, so the
 * estimate is good to about a second plus half the round trip.
 */
let measured: number | null = null;

/** An answer this slow says too little about when the server wrote its `Date`. */
const MAX_ROUND_TRIP_MS = 10_000;

/** The server's clock minus this device's, in milliseconds; null until an answer has been measured. */
export function serverClockOffset(): number | null {
  return measured;
}

/** Measures the offset from every answer that carries a `Date` header. */
export function measureServerClock(now: () => number = Date.now): Middleware {
  const sentAt = new Map<string, number>();
  return {
    onRequest({ id }) {
      sentAt.set(id, now());
      return undefined;
    },
    onResponse({ response, id }) {
      const sent = sentAt.get(id);
      sentAt.delete(id);
      const date = Date.parse(response.headers.get('Date') ?? '');
      const received = now();
      if (sent === undefined || Number.isNaN(date) || received - sent > MAX_ROUND_TRIP_MS) return undefined;
      // The server wrote its Date somewhere in that second, about half way through the round trip.
      measured = Math.round(date + 500 - (sent + received) / 2);
      return undefined;
    },
    onError({ id }) {
      sentAt.delete(id);
      return undefined;
    },
  };
}
