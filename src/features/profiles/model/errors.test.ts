import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { profileLoadErrorMessage } from './errors';

describe('profileLoadErrorMessage', () => {
  it('network error', () => {
    expect(profileLoadErrorMessage(ApiError.network(new TypeError('Failed to fetch')))).toBe(
      'Network error: Unable to connect to the API server. Please check your internet connection or contact support.',
    );
    expect(profileLoadErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'Network error: Unable to connect to the API server. Please check your internet connection or contact support.',
    );
  });

  it('401', () => {
    expect(profileLoadErrorMessage(new ApiError(401, null, 'Unauthorized'))).toBe(
      'Authentication error: Your session may have expired. Please try logging in again.',
    );
  });

  it('403', () => {
    expect(profileLoadErrorMessage(new ApiError(403, null, 'Forbidden'))).toBe(
      "Authorization error: You don't have permission to access this resource.",
    );
  });

  it.each([500, 502, 503, 599])('%i', (status) => {
    expect(profileLoadErrorMessage(new ApiError(status, null, 'boom'))).toBe(
      'Server error: The server encountered an error. Please try again later.',
    );
  });

  it("other statuses show the error's own message", () => {
    expect(profileLoadErrorMessage(new ApiError(404, null, 'No user with this id'))).toBe('No user with this id');
    expect(profileLoadErrorMessage(new Error('Something specific'))).toBe('Something specific');
  });

  it('falls back to the unknown-error text', () => {
    expect(profileLoadErrorMessage(new Error(''))).toBe('An unknown error occurred');
    expect(profileLoadErrorMessage('nope')).toBe('An unknown error occurred');
    expect(profileLoadErrorMessage(undefined)).toBe('An unknown error occurred');
  });
});
