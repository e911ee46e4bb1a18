import { describe, expect, it } from 'vitest';
import type { Caller } from '@contract';
import { HttpProblem } from '../core/problem.ts';
import { listScope } from './list-scope.ts';

const ME = '11111111-1111-4111-8111-111111111111';
const as = (role: Caller['role']): Caller => ({ id: ME, role });
const COLUMNS = { role: 'u.role', owner: 'v.client_id' };

describe('listScope', () => {
  it('scopes staff to the clients their grant reaches, by the rows’ role column', () => {
    const scope = listScope(as('RECEPTION'), 'visits.read', 'no');
    const params: unknown[] = ['first'];
    expect(scope).toMatchObject({ via: 'role', roles: ['CLIENT'], everyone: false });
    expect(scope.where(COLUMNS, params)).toBe('(u.role IN ($2))');
    expect(params).toEqual(['first', 'CLIENT']);
  });

  it('needs no filter for a grant reaching every user, and keeps users without a role in a partial one', () => {
    const everyone = listScope(as('ADMIN'), 'users.list', 'no');
    expect(everyone).toMatchObject({ via: 'role', everyone: true });
    expect(everyone.where(COLUMNS, [])).toBe('true');
  });

  it('scopes a client to its own records, by the rows’ owner column', () => {
    const scope = listScope(as('CLIENT'), 'visits.read', 'no');
    const params: unknown[] = [];
    expect(scope).toMatchObject({ via: 'self', roles: [], everyone: false });
    expect(scope.where(COLUMNS, params)).toBe('v.client_id = $1');
    expect(params).toEqual([ME]);
  });

  it('refuses a role that lists nothing with the operation, with the refusal given', () => {
    for (const [role, operation] of [
      ['ADMIN', 'visits.read'],
      ['RECEPTION', 'users.count'],
      ['NO_ROLE', 'assessments.read'],
    ] as const) {
      let refused: unknown;
      try {
        listScope(as(role), operation, 'You may not see these.');
      } catch (error) {
        refused = error;
      }
      expect(refused, `${role} ${operation}`).toBeInstanceOf(HttpProblem);
      expect(refused).toMatchObject({ status: 403, detail: 'You may not see these.' });
    }
  });

  it('says which column a list forgot to name, rather than scoping nothing', () => {
    expect(() => listScope(as('NURSE'), 'visits.read', 'no').where({ owner: 'v.client_id' }, [])).toThrow(/role/);
    expect(() => listScope(as('CLIENT'), 'visits.read', 'no').where({ role: 'u.role' }, [])).toThrow(/owner/);
  });
});
