import { describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { createQueryClient, shouldRetryQuery } from './client';

describe('shouldRetryQuery', () => {
  it('retries an unreachable server and server errors, at most twice', () => {
    expect(shouldRetryQuery(0, ApiError.network(new TypeError('Failed to fetch')))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError(503, null, 'Service Unavailable'))).toBe(true);
    expect(shouldRetryQuery(2, new ApiError(503, null, 'Service Unavailable'))).toBe(false);
  });

  it('never retries a client error or a bug', () => {
    for (const status of [400, 401, 403, 404]) {
      expect(shouldRetryQuery(0, new ApiError(status, null, 'no'))).toBe(false);
    }
    expect(shouldRetryQuery(0, new Error('bug'))).toBe(false);
  });

  it('is the default of the query client', () => {
    expect(createQueryClient().getDefaultOptions().queries?.retry).toBe(shouldRetryQuery);
  });
});
