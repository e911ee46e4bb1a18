/**
 * The requests about accounts: users, profiles, enrollments, and the
 * deletions (sent last by the privilege group).
 */
import { randomUUID } from 'node:crypto';
import type { ApiRequest } from './client.ts';
import {
  get,
  patch,
  readsOf,
  subjectId,
  superAdminId,
  type OperationRequest,
  type ProbeContext,
} from './operations.ts';

function newUser(role: 'CLIENT' | 'SUPER_ADMIN') {
  return (context: ProbeContext): ApiRequest => ({
    method: 'POST',
    path: '/users/users',
    body: {
      email: `probe-${context.fixtures.run}-${randomUUID().slice(0, 8)}@thrive.test`,
      first_name: 'Probe',
      last_name: 'Made by a refused request',
      role,
    },
  });
}

const USERS: OperationRequest[] = [
  { name: 'list users', rules: [{ operation: 'users.list', of: 'role' }], request: () => get('/users/users') },
  {
    name: 'list the nurses',
    rules: [
      { operation: 'users.list', of: 'role' },
      { operation: 'users.list', of: { role: 'NURSE' } },
    ],
    request: () => get('/users/users?role=NURSE'),
  },
  {
    name: 'search users',
    rules: [{ operation: 'users.list', of: 'role' }],
    request: () => ({ method: 'POST', path: '/users/users/search', body: { search: 'probe' } }),
  },
  {
    name: "read the client's user",
    rules: [{ operation: 'users.read', of: 'subject' }],
    request: (c) => get(`/users/users/${subjectId(c)}`),
  },
  {
    name: "read a super admin's user",
    rules: [{ operation: 'users.read', of: 'super admin' }],
    request: (c) => get(`/users/users/${superAdminId(c)}`),
  },
  {
    name: 'create a client',
    rules: [{ operation: 'users.create', of: { role: 'CLIENT' } }],
    request: newUser('CLIENT'),
  },
  {
    name: 'create a super admin',
    rules: [{ operation: 'users.create', of: { role: 'SUPER_ADMIN' } }],
    request: newUser('SUPER_ADMIN'),
  },
  {
    name: 'disable the client',
    rules: [{ operation: 'users.set-enabled', of: 'subject' }],
    request: (c) => ({ method: 'PATCH', path: `/users/users/${subjectId(c)}`, body: { enabled: false } }),
  },
  {
    name: 'disable a super admin',
    rules: [{ operation: 'users.set-enabled', of: 'super admin' }],
    request: (c) => ({ method: 'PATCH', path: `/users/users/${superAdminId(c)}`, body: { enabled: false } }),
  },
  {
    name: 'count users',
    rules: [{ operation: 'users.count', of: 'everyone' }],
    request: () => get('/users/role-counts'),
  },
  {
    name: 'read the audit trail',
    rules: [{ operation: 'audit.read', of: 'everyone' }],
    request: () => get('/users/audit-events'),
  },
];

const PROFILES: OperationRequest[] = [
  {
    name: "read the client's profile",
    rules: [{ operation: 'profiles.read', of: 'subject' }],
    request: (c) => get(`/users/user-profiles/${subjectId(c)}`),
  },
  {
    name: "read a super admin's profile",
    rules: [{ operation: 'profiles.read', of: 'super admin' }],
    request: (c) => get(`/users/user-profiles/${superAdminId(c)}`),
  },
  {
    name: "change the client's profile",
    rules: [{ operation: 'profiles.update', of: 'subject' }],
    request: (c) => patch(`/users/user-profiles/${subjectId(c)}`, { city: 'Probe' }),
  },
  {
    name: "change a super admin's profile",
    rules: [{ operation: 'profiles.update', of: 'super admin' }],
    request: (c) => patch(`/users/user-profiles/${superAdminId(c)}`, { city: 'Probe' }),
  },
  {
    name: 'make the client a super admin',
    rules: [
      { operation: 'profiles.update', of: 'subject' },
      { operation: 'users.assign-role', of: 'subject' },
      { operation: 'users.assign-role', of: { role: 'SUPER_ADMIN' } },
    ],
    request: (c) => patch(`/users/user-profiles/${subjectId(c)}`, { role: 'SUPER_ADMIN' }),
  },
];

const ENROLLMENTS: OperationRequest[] = [
  ...readsOf('enrollments.read', 'enrollment', '/users/user-program-enrollments', { clientQuery: 'user' }),
  {
    name: 'enroll the client',
    rules: [{ operation: 'enrollments.write', of: 'subject' }],
    request: (c) => ({
      method: 'POST',
      path: '/users/user-program-enrollments',
      body: { user: subjectId(c), program: 'metabolic_reset', start_date: '2031-02-02' },
    }),
  },
  {
    name: "change the client's enrollment",
    rules: [{ operation: 'enrollments.write', of: 'subject' }],
    request: (c) => patch(`/users/user-program-enrollments/${c.subject.enrollment}`, { status: 'paused' }),
  },
];

export const ACCOUNT_REQUESTS: readonly OperationRequest[] = [...USERS, ...PROFILES, ...ENROLLMENTS];

/** Requests that delete: sent last, so that one wrongly let through spoils no other probe. */
export const DELETING_REQUESTS: readonly OperationRequest[] = [
  {
    name: "delete the client's enrollment",
    rules: [{ operation: 'enrollments.write', of: 'subject' }],
    request: (c) => ({ method: 'DELETE', path: `/users/user-program-enrollments/${c.subject.enrollment}` }),
  },
  {
    name: 'delete a super admin',
    rules: [{ operation: 'users.delete', of: 'super admin' }],
    request: (c) => ({ method: 'DELETE', path: `/users/users/${superAdminId(c)}` }),
  },
  {
    name: 'delete the client',
    rules: [{ operation: 'users.delete', of: 'subject' }],
    request: (c) => ({ method: 'DELETE', path: `/users/users/${subjectId(c)}` }),
  },
];
