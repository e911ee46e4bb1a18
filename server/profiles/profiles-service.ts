/** Reading and changing one profile, with its version as the ETag. */
import { profileAnswerFor, profileWriteRightsFor } from '../access/fields.ts';
import { requireGrant, targetUser } from '../access/grants.ts';
import {
  CONSENT_FIELDS,
  SELF_SERVICE_PROFILE_FIELDS,
  checkConsentChange,
  checkConsentWithdrawal,
  isProfileField,
  type Caller,
  type Target,
} from '@contract';
import type { Profile, ProfilePatch } from '../core/contract-types.ts';
import type { Database } from '../db/database.ts';
import type { Answer } from '../core/answer.ts';
import { requireIfMatch, staleVersion } from '../core/preconditions.ts';
import { badRequest, forbidden, notFound } from '../core/problem.ts';
import { consentRequired } from '../auth/consent.ts';
import { callIdentityService, type IdentityAdmin } from '../identity/identity-admin.ts';
import { etagOf, isProfileColumn, selectProfile, updateProfileColumns, type ProfileColumn } from './profile-store.ts';
import { cutOffSessions } from '../auth/sessions.ts';
import { type Actor } from '../core/actor.ts';
import { operation } from '../core/operation.ts';

/**
 * A profile as `caller` may see it: only the fields its read set holds
 * (minimum necessary; the contract marks the others optional).
 */
function profileFor(caller: Caller, target: Target, profile: Profile): Profile {
  return profileAnswerFor(caller, target, profile);
}

export async function readProfile(db: Database, caller: Actor, userId: string): Promise<Profile> {
  const entry = {
    actor: caller,
    action: 'profiles.read',
    resourceType: 'profile',
    resourceId: userId,
    subjectId: userId,
  } as const;
  return operation(db, entry, async () => {
    const target = await targetUser(db, userId);
    requireGrant(caller, 'profiles.read', target);
    const profile = await selectProfile(db, userId);
    if (!profile) throw notFound('This user has no profile.');
    return profileFor(caller, target, profile);
  });
}

/** The earliest date of birth the clinic records: no one living was born before it. */
const EARLIEST_BIRTH = '1900-01-01';

/** A date of birth is a day that has been, and not before 1900 (400 naming the field). */
function checkDateOfBirth(date: string | null | undefined, now: Date): void {
  if (date == null) return;
  const today = now.toISOString().slice(0, 10);
  if (date < EARLIEST_BIRTH || date > today) {
    throw badRequest('The date of birth is not a possible one.', [
      { field: 'body.date_of_birth', message: `must be between ${EARLIEST_BIRTH} and today` },
    ]);
  }
}

export interface ProfileChange {
  userId: string;
  patch: ProfilePatch;
  ifMatch: string | undefined;
}

export async function changeProfile(
  deps: { db: Database; identityAdmin: IdentityAdmin; now: () => Date },
  caller: Actor,
  { userId, patch, ifMatch }: ProfileChange,
): Promise<Answer<Profile>> {
  const { db } = deps;
  const fields = Object.keys(patch) as (keyof ProfilePatch)[];
  const entry = {
    actor: caller,
    action: 'profiles.update',
    resourceType: 'profile',
    resourceId: userId,
    subjectId: userId,
    fields,
  } as const;
  return operation(db, entry, async (audit) => {
    const target = await targetUser(db, userId);
    const via = requireGrant(caller, 'profiles.update', target);
    if (via === 'self') {
      // Before consent, the one change a client may make is giving it.
      if (
        caller.consented === false &&
        fields.some((field) => !(CONSENT_FIELDS as readonly string[]).includes(field))
      ) {
        throw consentRequired();
      }
      const refused = fields.filter((field) => !SELF_SERVICE_PROFILE_FIELDS.has(field));
      if (refused.length > 0) {
        throw forbidden(
          'You may not change these fields of your own profile.',
          refused.map((field) => ({ field: `body.${field}`, message: 'You may not change this field.' })),
        );
      }
      const consentErrors = checkConsentChange(patch, deps.now());
      if (consentErrors.length > 0) {
        throw forbidden('You may give your HIPAA consent only as true, version 1.0, dated now.', consentErrors);
      }
    }
    if (via === 'role') {
      // Minimum necessary: through its role, a caller changes only the sections its role writes.
      const writable = profileWriteRightsFor(caller, target).fields;
      const refused = fields.filter((field) => isProfileField(field) && !writable.has(field));
      if (refused.length > 0) {
        throw forbidden(
          'Your role may not change these fields of this profile.',
          refused.map((field) => ({ field: `body.${field}`, message: 'Your role may not change this field.' })),
        );
      }
      const withdrawalErrors = checkConsentWithdrawal(patch);
      if (withdrawalErrors.length > 0) {
        throw forbidden('The clinic may only record a withdrawal of consent.', withdrawalErrors);
      }
    }
    checkDateOfBirth(patch.date_of_birth, deps.now());
    if (patch.role !== undefined) {
      // The grant must reach the user as it is and the role it is given.
      requireGrant(caller, 'users.assign-role', target, 'body.role');
      requireGrant(caller, 'users.assign-role', { id: null, role: patch.role }, 'body.role');
    }

    const expectedVersions = requireIfMatch(ifMatch);
    const columns: Partial<Record<ProfileColumn, unknown>> = {};
    for (const field of fields) if (isProfileColumn(field)) columns[field] = patch[field];

    return db.transaction(async (tx) => {
      if (!(await updateProfileColumns(tx, userId, columns, expectedVersions))) {
        const current = await selectProfile(tx, userId);
        if (!current) throw notFound('This user has no profile.');
        throw staleVersion('profile', profileFor(caller, target, current));
      }
      if (patch.role !== undefined) {
        await tx.query('UPDATE users SET role = $1 WHERE id = $2', [patch.role, userId]);
        // A new role ends the user's sessions: its tokens were issued to the old one.
        if (patch.role !== target.role) await cutOffSessions(tx, userId);
        // Inside the transaction: if the identity service refuses, the role stays as it was on both sides.
        const role = patch.role;
        await callIdentityService(
          () => deps.identityAdmin.setRole(userId, role),
          'The identity service could not change the role; nothing was changed.',
        );
      }
      const changed = await selectProfile(tx, userId);
      if (!changed) throw new Error(`Profile ${userId} vanished inside its own update`);
      const answer = profileFor(caller, { ...target, role: patch.role ?? target.role }, changed);
      return audit.recordSuccess(tx, { status: 200, body: answer, headers: { ETag: etagOf(changed) } });
    });
  });
}
