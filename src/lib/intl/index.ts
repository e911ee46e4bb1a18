/** Dates, times and numbers as people read them: on the clinic's clock, in the clinic's locale. */
export * from './time';
export * from './numbers';
export { ClockProvider, useClock, useNow } from './clock';
