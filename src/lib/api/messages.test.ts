import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { loadErrorMessage } from './messages';

describe('loadErrorMessage', () => {
  it('network error', () => {
    expect(loadErrorMessage(ApiError.network(new TypeError('Failed to fetch')))).toBe(
      'Network error: Unable to connect to the API server. Please check your internet connection or contact support.',
    );
    expect(loadErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'Network error: Unable to connect to the API server. Please check your internet connection or contact support.',
    );
  });

  it('401', () => {
    expect(loadErrorMessage(new ApiError(401, null, 'Unauthorized'))).toBe(
      'Authentication error: Your session may have expired. Please try logging in again.',
    );
  });

  it('403', () => {
    expect(loadErrorMessage(new ApiError(403, null, 'Forbidden'))).toBe(
      "Authorization error: You don't have permission to access this resource.",
    );
  });

  it.each([500, 502, 503, 599])('%i', (status) => {
    expect(loadErrorMessage(new ApiError(status, null, 'boom'))).toBe(
      'Server error: The server encountered an error. Please try again later.',
    );
  });

  it("other statuses show the error's own message", () => {
    expect(loadErrorMessage(new ApiError(404, null, 'No user with this id'))).toBe('No user with this id');
    expect(loadErrorMessage(new Error('Something specific'))).toBe('Something specific');
  });

  it('falls back to the unknown-error text', () => {
    expect(loadErrorMessage(new Error(''))).toBe('An unknown error occurred');
    expect(loadErrorMessage('nope')).toBe('An unknown error occurred');
    expect(loadErrorMessage(undefined)).toBe('An unknown error occurred');
  });
});
