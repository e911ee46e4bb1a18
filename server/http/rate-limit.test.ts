import { describe, expect, it } from 'vitest';
import { createRateLimiter, rateLimitedKind } from './rate-limit.ts';

describe('rateLimitedKind', () => {
  it('limits lists, searches and writes, never reading one record or signing out', () => {
    expect(rateLimitedKind('GET', '/users/users')).toBe('list');
    expect(rateLimitedKind('GET', '/appointments')).toBe('list');
    expect(rateLimitedKind('GET', '/users/role-counts')).toBe('list');
    expect(rateLimitedKind('POST', '/users/users/search')).toBe('search');
    expect(rateLimitedKind('POST', '/clients/search')).toBe('search');
    expect(rateLimitedKind('PATCH', '/users/user-profiles/5f0c1c1e-1111-4222-8333-444455556666')).toBe('write');
    expect(rateLimitedKind('PUT', '/visits/5f0c1c1e-1111-4222-8333-444455556666')).toBe('write');
    expect(rateLimitedKind('DELETE', '/users/users/5f0c1c1e-1111-4222-8333-444455556666')).toBe('write');
    expect(rateLimitedKind('GET', '/users/users/5f0c1c1e-1111-4222-8333-444455556666')).toBeNull();
    expect(rateLimitedKind('POST', '/session/logout')).toBeNull();
  });
});

describe('createRateLimiter', () => {
  it('lets a burst of `requests` through, then one more every seconds/requests, and says when', () => {
    let now = 0;
    const limiter = createRateLimiter(() => now);
    const limit = { requests: 3, seconds: 60 };
    expect([1, 2, 3].map(() => limiter.take('nurse:list', limit))).toEqual([0, 0, 0]);
    expect(limiter.take('nurse:list', limit)).toBe(20);
    // Another caller, or another kind, has its own bucket.
    expect(limiter.take('doctor:list', limit)).toBe(0);
    now = 19_000;
    expect(limiter.take('nurse:list', limit)).toBe(1);
    now = 20_000;
    expect(limiter.take('nurse:list', limit)).toBe(0);
    expect(limiter.take('nurse:list', limit)).toBe(20);
    now = 10 * 60_000;
    expect([1, 2, 3].map(() => limiter.take('nurse:list', limit))).toEqual([0, 0, 0]);
  });
});
