/**
 * The profiles table as the contract's Profile: which columns hold which
 * fields, how they are read back in wire form, and how a change is written.
 * A profile's e-mail and role come from its users row (their one home).
 */
import type { Profile, ProfilePatch } from '../core/contract-types.ts';
import type { Queryable } from '../db/database.ts';
import { etagOfVersion } from '../core/preconditions.ts';

type ColumnType = 'text' | 'date' | 'interval' | 'jsonb' | 'boolean' | 'timestamptz';

/** Every field a PATCH may change, except `role` (a users column); checked against the contract by the compiler. */
export type ProfileColumn = Exclude<keyof ProfilePatch, 'role'>;

export const PROFILE_COLUMNS = {
  first_name: 'text',
  last_name: 'text',
  title: 'text',
  gender: 'text',
  date_of_birth: 'date',
  phone_number: 'text',
  alternate_phone: 'text',
  alternate_email: 'text',
  preferred_contact_method: 'text',
  city: 'text',
  state: 'text',
  country: 'text',
  zipcode: 'text',
  address_line_1: 'text',
  address_line_2: 'text',
  profile_picture: 'text',
  occupation: 'text',
  organization: 'text',
  clinic: 'text',
  emergency_contact_name: 'text',
  emergency_contact_relation: 'text',
  emergency_contact_number: 'text',
  appointment_duration: 'interval',
  health_goals: 'text',
  client_story: 'text',
  lifestyle_history: 'jsonb',
  family_history: 'jsonb',
  abha_number: 'text',
  aadhar_number: 'text',
  hipaa_consent: 'boolean',
  hipaa_consent_date: 'timestamptz',
  hipaa_consent_version: 'text',
} as const satisfies Record<ProfileColumn, ColumnType>;

const COLUMN_NAMES = Object.keys(PROFILE_COLUMNS) as ProfileColumn[];

export function isProfileColumn(field: string): field is ProfileColumn {
  return Object.hasOwn(PROFILE_COLUMNS, field);
}

/** Reads a column in its wire form; the two drivers parse date and interval differently, text they agree on. */
function selectColumn(column: ProfileColumn): string {
  switch (PROFILE_COLUMNS[column]) {
    case 'date':
      return `p.${column}::text AS ${column}`;
    case 'interval':
      return `to_char(p.${column}, 'HH24:MI:SS') AS ${column}`;
    case 'text':
    case 'jsonb':
    case 'boolean':
    case 'timestamptz':
      return `p.${column}`;
  }
}

const SELECT_PROFILE = `
  SELECT p.user_profile_id, p.client_id, u.email, u.role, p.version, p.created_at, p.updated_at,
         ${COLUMN_NAMES.map(selectColumn).join(', ')}
  FROM profiles p JOIN users u ON u.id = p.client_id`;

type Timestamp = Date | string;
type ProfileRow = Omit<Profile, 'hipaa_consent_date' | 'created_at' | 'updated_at'> & {
  hipaa_consent_date: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export function toIsoTimestamp(value: Timestamp): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function toProfile(row: ProfileRow): Profile {
  return {
    ...row,
    hipaa_consent_date: row.hipaa_consent_date === null ? null : toIsoTimestamp(row.hipaa_consent_date),
    created_at: toIsoTimestamp(row.created_at),
    updated_at: toIsoTimestamp(row.updated_at),
  };
}

export async function selectProfile(db: Queryable, userId: string): Promise<Profile | null> {
  const [row] = await db.query<ProfileRow>(`${SELECT_PROFILE} WHERE p.client_id = $1`, [userId]);
  return row ? toProfile(row) : null;
}

export function etagOf(profile: Pick<Profile, 'version'>): string {
  return etagOfVersion(profile.version);
}

/**
 * Writes the changed columns and moves the version on, only if the profile is
 * at one of `expectedVersions` (null: at any). The check and the write are one
 * statement, so of two edits of the same version exactly one wins.
 * Returns whether a row was changed.
 */
export async function updateProfileColumns(
  tx: Queryable,
  userId: string,
  changes: Partial<Record<ProfileColumn, unknown>>,
  expectedVersions: readonly number[] | null,
): Promise<boolean> {
  const params: unknown[] = [userId];
  const assignments = (Object.keys(changes) as ProfileColumn[]).map((column) => {
    const type = PROFILE_COLUMNS[column];
    const value = changes[column];
    params.push(type === 'jsonb' ? JSON.stringify(value) : value);
    return `${column} = $${params.length}::${type}`;
  });
  assignments.push('version = version + 1', 'updated_at = now()');
  let versionCheck = '';
  if (expectedVersions !== null) {
    const placeholders = expectedVersions.map((version) => {
      params.push(version);
      return `$${params.length}::int`;
    });
    versionCheck = placeholders.length === 0 ? ' AND false' : ` AND version IN (${placeholders.join(', ')})`;
  }
  const updated = await tx.query<{ client_id: string }>(
    `UPDATE profiles SET ${assignments.join(', ')} WHERE client_id = $1${versionCheck} RETURNING client_id`,
    params,
  );
  return updated.length > 0;
}

export interface NewProfile {
  userId: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  clinic: string | null;
}

/** A new profile: every field the creator did not give takes the contract's default (from the table's). */
export async function insertProfile(tx: Queryable, profile: NewProfile): Promise<void> {
  await tx.query(
    `INSERT INTO profiles (client_id, first_name, last_name, phone_number, clinic) VALUES ($1, $2, $3, $4, $5)`,
    [profile.userId, profile.firstName, profile.lastName, profile.phoneNumber, profile.clinic],
  );
}
