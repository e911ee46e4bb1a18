/**
 * The User Timing mark the persisted query cache sets once nothing is loading and everything it holds in memory is
 * written to the device, and clears as soon as something changes again (src/lib/query/persist.ts). A signal to
 * wait for instead of a guess at the one-second throttle: the end-to-end tests wait for it before they go offline,
 * and it shows in the browser's performance tools. It carries no data.
 */
export const CACHE_SAVED_MARK = 'thrive:query-cache-saved';
