/** Program enrollments: of clients only, listed a page at a time, newest start first. */
import { authorize, roleFilterSql, targetUser } from '../access/authorize.ts';
import { ACCESS_RULES, listsEveryone, rolesListable, type Caller } from '../../openapi/access.ts';
import type {
  Enrollment,
  EnrollmentCreate,
  EnrollmentList,
  EnrollmentPatch,
  ListEnrollmentsQuery,
} from '../api-types.ts';
import { audited, type AuditEntry } from '../audit/audit-log.ts';
import type { Database, Queryable } from '../db/database.ts';
import { badRequest, forbidden, notFound } from '../http/problem.ts';
import { toIsoTimestamp } from '../profiles/profile-store.ts';

type EnrollmentRow = Omit<Enrollment, 'created_at' | 'updated_at'> & {
  created_at: Date | string;
  updated_at: Date | string;
};

const SELECT_ENROLLMENT = `
  SELECT e.id, e.user_id AS "user", e.program, e.status, e.start_date::text AS start_date,
         e.end_date::text AS end_date, e.notes, e.created_at, e.updated_at
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
  caller: Caller,
  query: ListEnrollmentsQuery,
): Promise<EnrollmentList> {
  const entry: AuditEntry = {
    actorId: caller.id,
    action: 'enrollments.list',
    resourceType: 'enrollment',
    resourceId: null,
    subjectId: query.user ?? null,
  };
  return audited(db, entry, async () => {
    const params: unknown[] = [];
    let where: string;
    const grant = ACCESS_RULES[caller.role]['enrollments.read'];
    if (query.user !== undefined) {
      authorize(caller, 'enrollments.read', await targetUser(db, query.user), 'query.user');
      where = `e.user_id = $${params.push(query.user)}`;
    } else if (grant?.roles) {
      const listable = rolesListable(caller, 'enrollments.read');
      where = listsEveryone(listable)
        ? 'true'
        : `e.user_id IN (SELECT u.id FROM users u WHERE ${roleFilterSql('u.role', listable, params)})`;
    } else if (grant?.self) {
      // Without `user`, a client means its own.
      entry.subjectId = caller.id;
      where = `e.user_id = $${params.push(caller.id)}`;
    } else {
      throw forbidden('You may not see enrollments.');
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
      results: rows.map(toEnrollment),
      count,
      page: query.page,
      page_size: query.page_size,
      next: offset + query.page_size < count ? query.page + 1 : null,
      previous: query.page > 1 ? query.page - 1 : null,
    };
  });
}

export async function createEnrollment(db: Database, caller: Caller, input: EnrollmentCreate): Promise<Enrollment> {
  const entry: AuditEntry = {
    actorId: caller.id,
    action: 'enrollments.create',
    resourceType: 'enrollment',
    resourceId: null,
    subjectId: input.user,
    fields: Object.keys(input),
  };
  return audited(db, entry, async (audit) => {
    authorize(caller, 'enrollments.write', await targetUser(db, input.user), 'body.user');
    checkDateOrder(input.start_date, input.end_date);
    return db.transaction(async (tx) => {
      const [created] = await tx.query<{ id: string }>(
        `INSERT INTO enrollments (user_id, program, status, start_date, end_date, notes)
         VALUES ($1, $2, $3, $4::date, $5::date, $6) RETURNING id`,
        [
          input.user,
          input.program,
          input.status ?? 'active',
          input.start_date,
          input.end_date ?? null,
          input.notes ?? null,
        ],
      );
      if (!created) throw new Error('INSERT ... RETURNING gave no row');
      entry.resourceId = created.id;
      await audit.recordSuccess(tx);
      const enrollment = await selectEnrollment(tx, created.id);
      if (!enrollment) throw new Error(`Enrollment ${created.id} vanished inside its own insert`);
      return enrollment;
    });
  });
}

/**
 * Finds the enrollment and checks the caller may change its client's
 * enrollments. Enrollment ids are random, so saying one does not exist tells
 * nothing about any user; a caller without the grant is refused before looking.
 */
async function writableEnrollment(db: Queryable, caller: Caller, id: string, entry: AuditEntry): Promise<Enrollment> {
  if (!ACCESS_RULES[caller.role]['enrollments.write']) throw forbidden('You may not change enrollments.');
  const enrollment = await selectEnrollment(db, id);
  if (!enrollment) throw notFound('There is no such enrollment.');
  entry.subjectId = enrollment.user;
  authorize(caller, 'enrollments.write', await targetUser(db, enrollment.user));
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
  caller: Caller,
  id: string,
  patch: EnrollmentPatch,
): Promise<Enrollment> {
  const fields = Object.keys(patch) as (keyof EnrollmentPatch)[];
  const entry: AuditEntry = {
    actorId: caller.id,
    action: 'enrollments.update',
    resourceType: 'enrollment',
    resourceId: id,
    subjectId: null,
    fields,
  };
  return audited(db, entry, async (audit) => {
    await writableEnrollment(db, caller, id, entry);
    const params: unknown[] = [id];
    const assignments = fields.map(
      (field) => `${field} = $${params.push(patch[field])}::${ENROLLMENT_COLUMN_TYPES[field]}`,
    );
    return db.transaction(async (tx) => {
      // Locked, so a concurrent change cannot slip between the date check and the write.
      const [dates] = await tx.query<{ start_date: string; end_date: string | null }>(
        'SELECT start_date::text AS start_date, end_date::text AS end_date FROM enrollments WHERE id = $1 FOR UPDATE',
        [id],
      );
      if (!dates) throw notFound('There is no such enrollment.');
      checkDateOrder(
        patch.start_date ?? dates.start_date,
        patch.end_date === undefined ? dates.end_date : patch.end_date,
      );
      await tx.query(
        `UPDATE enrollments SET ${[...assignments, 'updated_at = now()'].join(', ')} WHERE id = $1`,
        params,
      );
      await audit.recordSuccess(tx);
      const changed = await selectEnrollment(tx, id);
      if (!changed) throw notFound('There is no such enrollment.');
      return changed;
    });
  });
}

export async function deleteEnrollment(db: Database, caller: Caller, id: string): Promise<void> {
  const entry: AuditEntry = {
    actorId: caller.id,
    action: 'enrollments.delete',
    resourceType: 'enrollment',
    resourceId: id,
    subjectId: null,
  };
  await audited(db, entry, async (audit) => {
    await writableEnrollment(db, caller, id, entry);
    await db.transaction(async (tx) => {
      await tx.query('DELETE FROM enrollments WHERE id = $1', [id]);
      await audit.recordSuccess(tx);
    });
  });
}
