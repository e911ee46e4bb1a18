/** Program enrollments: of clients only, listed a page at a time, newest start first. */
import { answerFor, requireWritable } from '../access/fields.ts';
import { requireGrant, requireSomeGrant, targetUser } from '../access/grants.ts';
import { listScope } from '../access/list-scope.ts';
import type {
  Enrollment,
  EnrollmentCreate,
  EnrollmentList,
  EnrollmentPatch,
  ListEnrollmentsQuery,
} from '../core/contract-types.ts';
import { type AuditEntry } from '../core/audit-trail.ts';
import type { Database, Queryable } from '../db/database.ts';
import { API_BASE_PATH, type Answer } from '../core/answer.ts';
import { etagOfVersion, requireIfMatch, staleVersion } from '../core/preconditions.ts';
import { badRequest, conflict, notFound } from '../core/problem.ts';
import { toIsoTimestamp } from '../profiles/profile-store.ts';
import { type Actor } from '../core/actor.ts';
import { operation } from '../core/operation.ts';

type EnrollmentRow = Omit<Enrollment, 'created_at' | 'updated_at'> & {
  created_at: Date | string;
  updated_at: Date | string;
};

const SELECT_ENROLLMENT = `
  SELECT e.id, e.user_id AS "user", e.program, e.status, e.start_date::text AS start_date,
         e.end_date::text AS end_date, e.notes, e.version, e.created_by, e.updated_by, e.created_at, e.updated_at
  FROM enrollments e`;

function toEnrollment(row: EnrollmentRow): Enrollment {
  return { ...row, created_at: toIsoTimestamp(row.created_at), updated_at: toIsoTimestamp(row.updated_at) };
}

async function selectEnrollment(db: Queryable, id: string): Promise<Enrollment | null> {
  const [row] = await db.query<EnrollmentRow>(`${SELECT_ENROLLMENT} WHERE e.id = $1`, [id]);
  return row ? toEnrollment(row) : null;
}

/** ISO dates compare correctly as strings. */
function checkDateOrder(startDate: string, endDate: string | null | undefined): void {
  if (endDate != null && endDate < startDate) {
    throw badRequest('An enrollment cannot end before it starts.', [
      { field: 'body.end_date', message: 'must not be before start_date' },
    ]);
  }
}

export async function listEnrollments(
  db: Database,
  caller: Actor,
  query: ListEnrollmentsQuery,
): Promise<EnrollmentList> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'enrollments.list',
    resourceType: 'enrollment',
    resourceId: null,
    subjectId: query.user ?? null,
  };
  return operation(db, entry, async () => {
    const params: unknown[] = [];
    let where: string;
    const scope = listScope(caller, 'enrollments.read', 'You may not see enrollments.');
    if (query.user !== undefined) {
      requireGrant(caller, 'enrollments.read', await targetUser(db, query.user), 'query.user');
      where = `e.user_id = $${params.push(query.user)}`;
    } else if (scope.via === 'role') {
      where = scope.everyone
        ? 'true'
        : `e.user_id IN (SELECT u.id FROM users u WHERE ${scope.where({ role: 'u.role' }, params)})`;
    } else {
      // Without `user`, a client means its own.
      entry.subjectId = caller.id;
      where = scope.where({ owner: 'e.user_id' }, params);
    }

    const [counted] = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM enrollments e WHERE ${where}`,
      params,
    );
    const count = counted?.count ?? 0;
    const offset = (query.page - 1) * query.page_size;
    const rows = await db.query<EnrollmentRow>(
      `${SELECT_ENROLLMENT} WHERE ${where}
       ORDER BY e.start_date DESC, e.created_at DESC, e.id
       LIMIT $${params.push(query.page_size)} OFFSET $${params.push(offset)}`,
      params,
    );
    return {
      results: rows.map((row) => answerFor(caller, 'enrollment', toEnrollment(row))),
      count,
      page: query.page,
      page_size: query.page_size,
      next: offset + query.page_size < count ? query.page + 1 : null,
      previous: query.page > 1 ? query.page - 1 : null,
    };
  });
}

/** The answer with one enrollment, as the caller reads it: its version as the ETag, for If-Match on the next change. */
function enrollmentAnswer(
  caller: Actor,
  enrollment: Enrollment,
  status: number,
  headers: Record<string, string> = {},
): Answer<Enrollment> {
  return {
    status,
    body: answerFor(caller, 'enrollment', enrollment),
    headers: { ...headers, ETag: etagOfVersion(enrollment.version) },
  };
}

/**
 * Creates an enrollment. A device may make its id (`id` in the body), so that
 * a replay can never create a second one: an id that exists is refused (409).
 * The author is the caller (the token's subject), never a field of the body.
 */
export async function createEnrollment(
  db: Database,
  caller: Actor,
  input: EnrollmentCreate,
): Promise<Answer<Enrollment>> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'enrollments.create',
    resourceType: 'enrollment',
    resourceId: input.id ?? null,
    subjectId: input.user,
    fields: Object.keys(input).filter((field) => field !== 'id'),
  };
  return operation(db, entry, async (audit) => {
    requireGrant(caller, 'enrollments.write', await targetUser(db, input.user), 'body.user');
    requireWritable(caller, 'enrollment', input);
    checkDateOrder(input.start_date, input.end_date);
    return db.transaction(async (tx) => {
      const [created] = await tx.query<{ id: string }>(
        `INSERT INTO enrollments (id, user_id, program, status, start_date, end_date, notes, created_by, updated_by)
         VALUES (coalesce($1::uuid, gen_random_uuid()), $2, $3, $4, $5::date, $6::date, $7, $8, $8)
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [
          input.id ?? null,
          input.user,
          input.program,
          input.status ?? 'active',
          input.start_date,
          input.end_date ?? null,
          input.notes ?? null,
          caller.id,
        ],
      );
      if (!created) {
        throw conflict('An enrollment with this id exists already.', [
          { field: 'body.id', message: 'is taken; make a new id for a new enrollment' },
        ]);
      }
      entry.resourceId = created.id;
      const enrollment = await selectEnrollment(tx, created.id);
      if (!enrollment) throw new Error(`Enrollment ${created.id} vanished inside its own insert`);
      return audit.recordSuccess(
        tx,
        enrollmentAnswer(caller, enrollment, 201, {
          Location: `${API_BASE_PATH}/users/user-program-enrollments/${created.id}`,
        }),
      );
    });
  });
}

/**
 * Finds the enrollment and checks the caller may change its client's
 * enrollments. Enrollment ids are random, so saying one does not exist tells
 * nothing about any user; a caller without the grant is refused before looking.
 */
async function writableEnrollment(db: Queryable, caller: Actor, id: string, entry: AuditEntry): Promise<Enrollment> {
  requireSomeGrant(caller, 'enrollments.write', 'You may not change enrollments.');
  const enrollment = await selectEnrollment(db, id);
  if (!enrollment) throw notFound('There is no such enrollment.');
  entry.subjectId = enrollment.user;
  requireGrant(caller, 'enrollments.write', await targetUser(db, enrollment.user));
  return enrollment;
}

const ENROLLMENT_COLUMN_TYPES: Readonly<Record<keyof EnrollmentPatch, 'text' | 'date'>> = {
  program: 'text',
  status: 'text',
  start_date: 'date',
  end_date: 'date',
  notes: 'text',
};

export async function changeEnrollment(
  db: Database,
  caller: Actor,
  { id, patch, ifMatch }: { id: string; patch: EnrollmentPatch; ifMatch: string | undefined },
): Promise<Answer<Enrollment>> {
  const fields = Object.keys(patch) as (keyof EnrollmentPatch)[];
  const entry: AuditEntry = {
    actor: caller,
    action: 'enrollments.update',
    resourceType: 'enrollment',
    resourceId: id,
    subjectId: null,
    fields,
  };
  return operation(db, entry, async (audit) => {
    await writableEnrollment(db, caller, id, entry);
    requireWritable(caller, 'enrollment', patch);
    const expectedVersions = requireIfMatch(ifMatch);
    const params: unknown[] = [id];
    const assignments = fields.map(
      (field) => `${field} = $${params.push(patch[field])}::${ENROLLMENT_COLUMN_TYPES[field]}`,
    );
    return db.transaction(async (tx) => {
      // Locked, so a concurrent change cannot slip between the checks and the write.
      const [current] = await tx.query<{ start_date: string; end_date: string | null; version: number }>(
        `SELECT start_date::text AS start_date, end_date::text AS end_date, version
         FROM enrollments WHERE id = $1 FOR UPDATE`,
        [id],
      );
      if (!current) throw notFound('There is no such enrollment.');
      if (!expectedVersions.includes(current.version)) {
        const enrollment = await selectEnrollment(tx, id);
        if (!enrollment) throw notFound('There is no such enrollment.');
        throw staleVersion('enrollment', answerFor(caller, 'enrollment', enrollment));
      }
      const dates = current;
      checkDateOrder(
        patch.start_date ?? dates.start_date,
        patch.end_date === undefined ? dates.end_date : patch.end_date,
      );
      const stamps = ['version = version + 1', 'updated_at = now()', `updated_by = $${params.push(caller.id)}`];
      await tx.query(`UPDATE enrollments SET ${[...assignments, ...stamps].join(', ')} WHERE id = $1`, params);
      const changed = await selectEnrollment(tx, id);
      if (!changed) throw notFound('There is no such enrollment.');
      return audit.recordSuccess(tx, enrollmentAnswer(caller, changed, 200));
    });
  });
}

export async function deleteEnrollment(db: Database, caller: Actor, id: string): Promise<void> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'enrollments.delete',
    resourceType: 'enrollment',
    resourceId: id,
    subjectId: null,
  };
  await operation(db, entry, async (audit) => {
    await writableEnrollment(db, caller, id, entry);
    await db.transaction(async (tx) => {
      await tx.query('DELETE FROM enrollments WHERE id = $1', [id]);
      await audit.recordSuccess(tx, { status: 204, body: null });
    });
  });
}
