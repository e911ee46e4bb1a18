/** The roles of spec section 6, as the session token's `custom:role` claim spells them. */
export const ROLES = [
  'CLIENT',
  'NURSE',
  'RECEPTION',
  'DOCTOR',
  'HEALTH_COACH',
  'NUTRITIONIST',
  'ADMIN',
  'SUPER_ADMIN',
] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
