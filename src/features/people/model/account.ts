import type { components } from '@contract';
import type { Role } from '@/lib/auth/roles';
import { emailAttribute, fullName, profileOf, type UserDetail } from './user-detail';
import { SUPER_ADMIN_ONLY_MESSAGE, mayManageRole } from './roles';
import type { SignedInUser } from '@/lib/auth/guards';

type UserSummary = components['schemas']['UserSummary'];

/** One account as the account actions (disable, enable, delete) need it, from a list row or a user's detail. */
export interface Account {
  id: string;
  /** The person's name, or their e-mail when the profile has none. */
  name: string;
  email: string;
  role: Role | null;
  enabled: boolean;
}

/** "Priya Sharma"; the e-mail when the name is empty. */
export function displayName(first: string, last: string, email: string): string {
  const name = [first, last].filter((part) => part.trim() !== '').join(' ');
  return name === '' ? email : name;
}

export function accountOfSummary(user: UserSummary): Account {
  return {
    id: user.id,
    name: displayName(user.first_name, user.last_name, user.email),
    email: user.email,
    role: user.role,
    enabled: user.status === 'active',
  };
}

export function accountOfDetail(detail: UserDetail): Account {
  const { profile, isPlaceholder } = profileOf(detail);
  const email = emailAttribute(detail) ?? profile.email;
  const name = isPlaceholder ? '' : fullName(profile);
  return {
    id: detail.Username,
    name: name === '' ? email : name,
    email,
    role: isPlaceholder ? null : profile.role,
    // An account the identity service does not report on is treated as enabled; the server decides.
    enabled: detail.Enabled !== false,
  };
}

/**
 * Why the signed-in person may not disable, enable or delete `account`, or
 * null when they may. The same rules as the API's (their own account never;
 * ADMIN not SUPER_ADMIN accounts); the server refuses anyway.
 */
export function refusalOf(
  signedIn: Pick<SignedInUser, 'username' | 'role'>,
  account: Pick<Account, 'id' | 'role'>,
): string | null {
  if (signedIn.username === account.id) return 'You cannot disable or delete your own account.';
  if (!mayManageRole(signedIn.role, account.role)) {
    return signedIn.role === 'ADMIN' ? SUPER_ADMIN_ONLY_MESSAGE : 'Only an admin can manage accounts.';
  }
  return null;
}
