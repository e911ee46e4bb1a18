import { ROLES, type Role } from '@/lib/auth/roles';

/**
 * Whether `actor` may create, disable, enable or delete accounts holding
 * `target`. Mirrors the API's access rules (server/access/rules.ts): ADMIN
 * manages every account but SUPER_ADMIN ones, so it cannot raise anyone above
 * itself; SUPER_ADMIN manages all. The server decides in any case.
 */
export function mayManageRole(actor: Role | null, target: Role | null): boolean {
  if (actor === 'SUPER_ADMIN') return true;
  if (actor === 'ADMIN') return target !== 'SUPER_ADMIN';
  return false;
}

/** The roles `creator` may give a new account, in the contract's order. */
export function rolesCreatableBy(creator: Role | null): readonly Role[] {
  return ROLES.filter((role) => mayManageRole(creator, role));
}

export const SUPER_ADMIN_ONLY_MESSAGE = 'Only a super admin can manage super admin accounts.';
