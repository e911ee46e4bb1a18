import { roleValues, type components } from '../api/schema.gen';

/** The roles of spec section 6, as the session token's `custom:role` claim spells them. */
export const ROLES = roleValues;

export type Role = components['schemas']['Role'];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
