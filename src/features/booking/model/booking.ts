import { SLOT_TAKEN_MESSAGE, SLOT_TAKEN_PROBLEM, type components } from '@contract';
import { isApiError, loadErrorMessage } from '@/lib/api';
import { formatMoney } from '@/lib/intl';

type Schemas = components['schemas'];

export type Test = Schemas['Test'];
export type Slot = Schemas['Slot'];
export type Price = Schemas['Price'];
export type CallMode = Schemas['CallMode'];

/** Whether a booking or a move failed because someone else took the time first. */
export function isSlotTaken(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.problem?.type === SLOT_TAKEN_PROBLEM;
}

/** What the person reads when a booking or move did not go through. */
export function bookingFailure(error: unknown): string {
  if (isSlotTaken(error)) return `${SLOT_TAKEN_MESSAGE} Here are the times free now; your choices are kept.`;
  if (isApiError(error) && error.isNetworkError) {
    return 'Booking needs a connection to the clinic, so it was not made. Please try again once you are online.';
  }
  if (isApiError(error) && error.status === 409) return error.message;
  return loadErrorMessage(error);
}

/** "₹2,400" or "£89" as the clinic sets it. */
export function priceLabel(price: Pick<Price, 'amount_minor' | 'currency'>): string {
  return formatMoney(price.amount_minor, price.currency);
}

/** "15 min" or "1 h 30 min" for a `HH:MM:SS` duration. */
export function durationLabel(duration: string): string {
  const [hours = 0, minutes = 0] = duration.split(':').map(Number);
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}
