import { roleValues, type Role } from '../schema.gen.ts';

/** The roles of spec section 6, as the API and the session token's `custom:role` claim spell them. */
export const ROLES: readonly Role[] = roleValues;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
