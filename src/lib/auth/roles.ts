import { roleValues, type components } from '../api/schema.gen';

/** The roles of spec section 6, as the session token's `custom:role` claim spells them. */
export const ROLES = roleValues;

export type Role = components['schemas']['Role'];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** How each role reads on screen, everywhere in the app. */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  CLIENT: 'Client',
  NURSE: 'Nurse',
  RECEPTION: 'Reception',
  DOCTOR: 'Doctor',
  HEALTH_COACH: 'Health coach',
  NUTRITIONIST: 'Nutritionist',
  ADMIN: 'Admin',
  SUPER_ADMIN: 'Super admin',
};

export const NO_ROLE_LABEL = 'No role';

/** A role as a person reads it; unknown or missing roles read 'No role'. */
export function roleLabel(role: string | null | undefined): string {
  return isRole(role) ? ROLE_LABELS[role] : NO_ROLE_LABEL;
}
