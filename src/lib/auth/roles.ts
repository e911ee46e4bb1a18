import { isRole, type Role } from '@contract';

export { ROLES, isRole, type Role } from '@contract';

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
