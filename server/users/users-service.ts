/**
 * Users: the list (search, role filter, ordering, pages), counts by role and
 * status, one user's detail, and creating, disabling, enabling and deleting
 * accounts on both sides (identity service and database) without leaving half
 * of one behind.
 */
import type { Actor } from '../core/actor.ts';
import { profileAnswerFor } from '../access/fields.ts';
import { requireGrant, requireGrantOverEveryone, targetUser } from '../access/grants.ts';
import { listScope } from '../access/list-scope.ts';
import type { Caller } from '@contract';
import {
  ROLES,
  isRole,
  type ListUsersQuery,
  type Role,
  type UserCreate,
  type UserDetail,
  type UserList,
  type UserRoleCounts,
  type UserSearch,
  type UserSummary,
} from '../core/contract-types.ts';
import type { AuditEntry } from '../core/audit-trail.ts';
import { operation } from '../core/operation.ts';
import { cutOffSessions } from '../auth/sessions.ts';
import { isUniqueViolation, type Database, type Queryable } from '../db/database.ts';
import { readCache } from '../core/read-cache.ts';
import { API_BASE_PATH, type Answer } from '../core/answer.ts';
import { logError } from '../core/log.ts';
import { conflict, forbidden, notFound } from '../core/problem.ts';
import {
  IdentityEmailTakenError,
  callIdentityService,
  type IdentityAdmin,
  type IdentityUser,
} from '../identity/identity-admin.ts';
import { insertProfile, selectProfile, toIsoTimestamp } from '../profiles/profile-store.ts';

interface Deps {
  db: Database;
  identityAdmin: IdentityAdmin;
}

/**
 * The name order is lower(last name), lower(first name), id; the users row keeps those keys (migration 009,
 * kept by a trigger on profiles), so the indexes on users serve the order without the join.
 */
/** How long a list's count is reused (read-cache.ts). */
const listCounts = readCache<number>(1000);
/**
 * A page's rows in wire form, reused as briefly (read-cache.ts): a clinic's tablets open the same first page
 * together. What each caller may read of them is projected per request.
 */
const listPages = readCache<{ count: number; rows: UserSummary[] }>(1000, 500);

const ORDERINGS: Readonly<Record<ListUsersQuery['ordering'], string>> = {
  name: 'u.last_name_key, u.first_name_key, u.id',
  '-name': 'u.last_name_key DESC, u.first_name_key DESC, u.id DESC',
  email: 'u.email',
  '-email': 'u.email DESC',
  role: 'u.role NULLS LAST, u.last_name_key, u.first_name_key, u.id',
  '-role': 'u.role DESC NULLS LAST, u.last_name_key, u.first_name_key, u.id',
  created_at: 'u.created_at, u.id',
  '-created_at': 'u.created_at DESC, u.id DESC',
};

/** LIKE's wildcards in the search text are matched literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

interface UserSummaryRow extends Omit<UserSummary, 'created_at' | 'first_name' | 'last_name'> {
  first_name: string | null;
  last_name: string | null;
  created_at: Date | string;
}

/**
 * One page of the users the caller may list, optionally matching search text
 * (which arrives in a request body, never in the address: see searchUsers in
 * the contract). Each row carries only the fields the caller may read of that
 * user's profile (minimum necessary).
 */
export async function listUsers(db: Database, caller: Actor, query: ListUsersQuery | UserSearch): Promise<UserList> {
  const entry = {
    actor: caller,
    action: 'users.list',
    resourceType: 'user',
    resourceId: null,
    subjectId: null,
  } as const;
  return operation(db, entry, async () => {
    const scope = listScope(caller, 'users.list', 'You may not list users.');
    if (scope.via !== 'role') throw forbidden('You may not list users.');
    if (query.role !== undefined && !scope.roles.includes(query.role)) {
      throw forbidden('You may not list users with this role.', [
        { field: 'query.role', message: 'You may not list users with this role.' },
      ]);
    }

    const params: unknown[] = [];
    const conditions: string[] = [];
    if (query.role !== undefined) conditions.push(`u.role = $${params.push(query.role)}`);
    else if (!scope.everyone) conditions.push(scope.where({ role: 'u.role' }, params));
    if ('search' in query && query.search !== undefined) {
      // The e-mail, the names and the phone numbers, kept on users and trigram-indexed (migration 013).
      conditions.push(`u.search_text LIKE $${params.push(containsPattern(query.search))}`);
    }
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const offset = (query.page - 1) * query.page_size;
    // One round trip: the count (every condition is on users, so it needs no join) beside the page, which
    // reads the users in the index's order and joins the profiles of its own rows only; an empty page still
    // answers the count. Counting every match is most of a list's cost, so a count from the last second is
    // reused (read-cache.ts).
    const countKey = `${where}\u0000${JSON.stringify(params)}`;
    const known = listCounts.get(countKey);
    const countSql =
      known === undefined ? `SELECT count(*)::int AS total FROM users u ${where}` : `SELECT ${known} AS total`;
    const order = ORDERINGS[query.ordering];
    const limit = `$${params.push(query.page_size)}`;
    const skip = `$${params.push(offset)}`;
    const pageKey = `${order}\u0000${where}\u0000${JSON.stringify(params)}`;
    const page = await listPages.through(pageKey, async () => {
      const rows = await db.query<UserSummaryRow & { total: number; position: number | null }>(
        `SELECT c.total, page.*
       FROM (${countSql}) c
       LEFT JOIN LATERAL (
         SELECT u.id, u.email, p.first_name, p.last_name, u.role, p.phone_number, p.clinic, u.status, u.created_at,
                row_number() OVER (ORDER BY ${order}) AS position
         FROM (SELECT u.* FROM users u ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${skip}) u
         LEFT JOIN profiles p ON p.client_id = u.id
       ) page ON true
       ORDER BY page.position`,
        params,
      );
      // In wire form once per page read, not once per answer.
      return {
        count: rows[0]?.total ?? 0,
        rows: rows
          .filter((row) => row.position !== null)
          .map(({ total: _total, position: _position, ...row }) => ({
            ...row,
            first_name: row.first_name ?? '',
            last_name: row.last_name ?? '',
            created_at: toIsoTimestamp(row.created_at),
          })),
      };
    });
    const { count } = page;
    if (known === undefined) listCounts.set(countKey, count);
    return {
      results: page.rows.map((row) =>
        profileAnswerFor(caller, { id: row.id, role: isRole(row.role) ? row.role : 'NO_ROLE' }, row),
      ),
      count,
      page: query.page,
      page_size: query.page_size,
      next: offset + query.page_size < count ? query.page + 1 : null,
      previous: query.page > 1 ? query.page - 1 : null,
    };
  });
}

async function selectUserEmail(db: Queryable, id: string): Promise<string | null> {
  const [user] = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [id]);
  return user?.email ?? null;
}

/** A user's detail as `caller` may see it: the profile through the caller's read set (minimum necessary). */
function userDetail(
  caller: Caller,
  id: string,
  identityUser: IdentityUser | null,
  profile: UserDetail['Profile'],
  email: string | null,
): UserDetail {
  return {
    Username: id,
    ...(identityUser?.enabled === undefined ? {} : { Enabled: identityUser.enabled }),
    ...(identityUser?.status === undefined ? {} : { UserStatus: identityUser.status }),
    Profile: profile && profileAnswerFor(caller, { id, role: profile.role ?? 'NO_ROLE' }, profile),
    // The identity service is the source of the attributes; without its account, the e-mail we hold.
    UserAttributes: identityUser?.attributes ?? (email === null ? [] : [{ Name: 'email', Value: email }]),
  };
}

export async function readUser({ db, identityAdmin }: Deps, caller: Actor, id: string): Promise<UserDetail> {
  const entry = {
    actor: caller,
    action: 'users.read',
    resourceType: 'user',
    resourceId: id,
    subjectId: id,
  } as const;
  return operation(db, entry, async () => {
    requireGrant(caller, 'users.read', await targetUser(db, id));
    const [identityUser, email, profile] = await Promise.all([
      callIdentityService(() => identityAdmin.getUser(id), 'The identity service could not be asked about this user.'),
      selectUserEmail(db, id),
      selectProfile(db, id),
    ]);
    if (identityUser === null && email === null) throw notFound('There is no such user.');
    return userDetail(caller, id, identityUser, profile, email);
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const emailTaken = () =>
  conflict('A user with this e-mail already exists.', [
    { field: 'body.email', message: 'A user with this e-mail already exists.' },
  ]);

/**
 * Creates the identity account first (it hands out the id), then the user
 * row and profile in one transaction. If the database step fails, the
 * identity account is deleted again; if the identity step fails, nothing
 * was written.
 */
export async function createUser(
  { db, identityAdmin }: Deps,
  caller: Actor,
  input: UserCreate,
): Promise<Answer<UserDetail>> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'users.create',
    resourceType: 'user',
    resourceId: null,
    subjectId: null,
  };
  return operation(db, entry, async (audit) => {
    requireGrant(caller, 'users.create', { id: null, role: input.role }, 'body.role');
    const email = input.email.trim().toLowerCase();
    if ((await db.query('SELECT 1 FROM users WHERE email = $1', [email])).length > 0) throw emailTaken();

    let identityUser: IdentityUser;
    try {
      identityUser = await callIdentityService(
        () =>
          identityAdmin.createUser({
            email,
            role: input.role,
            firstName: input.first_name,
            lastName: input.last_name,
            phoneNumber: input.phone_number ?? null,
          }),
        'The identity service could not create the account; nothing was saved.',
      );
    } catch (error) {
      throw error instanceof IdentityEmailTakenError ? emailTaken() : error;
    }
    const id = identityUser.username.toLowerCase();
    entry.resourceId = id;
    entry.subjectId = id;

    try {
      if (!UUID.test(id))
        throw new Error(`The identity service gave the new account a username that is not a UUID: ${id}`);
      return await db.transaction(async (tx) => {
        await tx.query('INSERT INTO users (id, email, role) VALUES ($1, $2, $3)', [id, email, input.role]);
        await insertProfile(tx, {
          userId: id,
          firstName: input.first_name,
          lastName: input.last_name,
          phoneNumber: input.phone_number ?? null,
          clinic: input.clinic ?? null,
        });
        const created = userDetail(caller, id, identityUser, await selectProfile(tx, id), email);
        return audit.recordSuccess(tx, {
          status: 201,
          body: created,
          headers: { Location: `${API_BASE_PATH}/users/users/${created.Username}` },
        });
      });
    } catch (error) {
      await identityAdmin.deleteUser(identityUser.username).catch((compensationError: unknown) => {
        // Left for an operator: an account that can sign in but has no role in the API (it gets 403s).
        logError(
          {
            event: 'Removing an identity account after a failed create failed',
            ids: { account: identityUser.username },
          },
          compensationError,
        );
      });
      if (isUniqueViolation(error, 'users_email_key')) throw emailTaken();
      throw error;
    }
  });
}

/**
 * Deletes the user row (its profile and enrollments go with it) and the
 * identity account in one transaction: if the identity service refuses, the
 * rows are kept. A retry after a half-finished delete completes it, because
 * an identity account that is already gone counts as deleted.
 */
export async function deleteUser({ db, identityAdmin }: Deps, caller: Actor, id: string): Promise<void> {
  const entry = {
    actor: caller,
    action: 'users.delete',
    resourceType: 'user',
    resourceId: id,
    subjectId: id,
  } as const;
  await operation(db, entry, async (audit) => {
    requireGrant(caller, 'users.delete', await targetUser(db, id));
    const [identityUser, email] = await Promise.all([
      callIdentityService(() => identityAdmin.getUser(id), 'The identity service could not be asked about this user.'),
      selectUserEmail(db, id),
    ]);
    if (identityUser === null && email === null) throw notFound('There is no such user.');
    await db.transaction(async (tx) => {
      await tx.query('DELETE FROM users WHERE id = $1', [id]);
      // A token the deleted user still holds is refused from now on (the cut-off outlives the row).
      await cutOffSessions(tx, id);
      if (identityUser !== null) {
        await callIdentityService(
          () => identityAdmin.deleteUser(identityUser.username),
          'The identity service could not delete the account; nothing was deleted.',
        );
      }
      await audit.recordSuccess(tx, { status: 204, body: null });
    });
  });
}

type CountsRow = Record<Role | 'total' | 'without_role' | 'active' | 'disabled', number>;

/** Users per role and per status, in one pass over the users table. */
export async function countUsers(db: Database, caller: Actor): Promise<UserRoleCounts> {
  const entry = {
    actor: caller,
    action: 'users.count',
    resourceType: 'user',
    resourceId: null,
    subjectId: null,
  } as const;
  return operation(db, entry, async () => {
    requireGrantOverEveryone(caller, 'users.count');
    const params: unknown[] = [];
    const perRole = ROLES.map((role) => `count(*) FILTER (WHERE role = $${params.push(role)})::int AS "${role}"`);
    const [row] = await db.query<CountsRow>(
      `SELECT count(*)::int AS total, ${perRole.join(', ')},
              count(*) FILTER (WHERE role IS NULL)::int AS without_role,
              count(*) FILTER (WHERE status = 'active')::int AS active,
              count(*) FILTER (WHERE status = 'disabled')::int AS disabled
       FROM users`,
      params,
    );
    if (!row) throw new Error('Counting users returned no row');
    return {
      total: row.total,
      by_role: Object.fromEntries(ROLES.map((role) => [role, row[role]])) as UserRoleCounts['by_role'],
      without_role: row.without_role,
      by_status: { active: row.active, disabled: row.disabled },
    };
  });
}

function setIdentityEnabled(identityAdmin: IdentityAdmin, username: string, enabled: boolean): Promise<void> {
  return enabled ? identityAdmin.enableUser(username) : identityAdmin.disableUser(username);
}

/**
 * Disables an account (or enables it again) on both sides. The user row is
 * locked and changed first, then the identity service is called inside the
 * same transaction, so a refusal there rolls the row back. Should the
 * transaction fail after the identity service has changed (the audit record,
 * the commit), the identity account is put back in step with the row as it
 * still is. The identity call is made even when the account seems to be in
 * the wanted state already: what was read before the lock may be stale.
 */
export async function setUserEnabled(
  { db, identityAdmin }: Deps,
  caller: Actor,
  id: string,
  enabled: boolean,
): Promise<Answer<UserDetail>> {
  const entry: AuditEntry = {
    actor: caller,
    action: enabled ? 'users.enable' : 'users.disable',
    resourceType: 'user',
    resourceId: id,
    subjectId: id,
    fields: ['enabled'],
  };
  return operation(db, entry, async (audit) => {
    requireGrant(caller, 'users.set-enabled', await targetUser(db, id));
    const [identityUser, email] = await Promise.all([
      callIdentityService(() => identityAdmin.getUser(id), 'The identity service could not be asked about this user.'),
      selectUserEmail(db, id),
    ]);
    if (identityUser === null && email === null) throw notFound('There is no such user.');

    /** What the identity account goes back to if the change is rolled back; null while it is untouched. */
    const identityChange: { restoreTo: boolean | null } = { restoreTo: null };
    try {
      return await db.transaction(async (tx) => {
        const [before] = await tx.query<{ status: string }>('SELECT status FROM users WHERE id = $1 FOR UPDATE', [id]);
        await tx.query('UPDATE users SET status = $1 WHERE id = $2', [enabled ? 'active' : 'disabled', id]);
        // Disabling ends the user's sessions: enabled again, it signs in afresh.
        if (!enabled) await cutOffSessions(tx, id);
        if (identityUser !== null) {
          await callIdentityService(
            () => setIdentityEnabled(identityAdmin, identityUser.username, enabled),
            `The identity service could not ${enabled ? 'enable' : 'disable'} the account; nothing was changed.`,
          );
          identityChange.restoreTo = before ? before.status === 'active' : (identityUser.enabled ?? !enabled);
        }
        const changed = userDetail(
          caller,
          id,
          identityUser && { ...identityUser, enabled },
          await selectProfile(tx, id),
          email,
        );
        return audit.recordSuccess(tx, { status: 200, body: changed });
      });
    } catch (error) {
      const restore = identityChange.restoreTo;
      if (identityUser !== null && restore !== null && restore !== enabled) {
        await setIdentityEnabled(identityAdmin, identityUser.username, restore).catch((compensationError: unknown) => {
          // Left for an operator: the identity account and the API's status disagree until the change is retried.
          logError(
            {
              event: 'Putting an identity account back after a failed change failed',
              ids: { account: identityUser.username, action: entry.action },
            },
            compensationError,
          );
        });
      }
      throw error;
    }
  });
}
