/**
 * Checked by the type check (`npm run typecheck`): each `@ts-expect-error`
 * fails it when the line below it is accepted.
 */
import { describe, expect, it } from 'vitest';
import type { ContractRequest } from './contract-request';

describe('the changes the outbox takes', () => {
  it('are the contract’s writes, each with its own path parameters and body', () => {
    const consent: ContractRequest = {
      method: 'patch',
      path: '/users/user-profiles/{id}',
      pathParams: { id: 'u1' },
      body: { health_goals: 'Sleep better' },
    };
    // @ts-expect-error a path the contract does not have
    const unknownPath: ContractRequest = { method: 'post', path: '/visits/{id}/signs', pathParams: { id: 'v1' } };
    const unknownField: ContractRequest = {
      method: 'patch',
      path: '/users/user-profiles/{id}',
      pathParams: { id: 'u1' },
      // @ts-expect-error a field the profile's patch does not have
      body: { health_goal: 'Sleep better' },
    };
    // @ts-expect-error a read is not a change
    const read: ContractRequest = { method: 'get', path: '/visits/{id}', pathParams: { id: 'v1' } };
    // @ts-expect-error the visit's path names its id
    const unnamed: ContractRequest = {
      method: 'put',
      path: '/visits/{id}',
      pathParams: {},
      body: { client_id: 'c1', therapy: 'iv' },
    };
    expect([consent, unknownPath, unknownField, read, unnamed].map((request) => request.method)).toEqual([
      'patch',
      'post',
      'patch',
      'get',
      'put',
    ]);
  });
});
