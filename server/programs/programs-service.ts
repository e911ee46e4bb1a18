/**
 * Programs and the progress of the clients enrolled in them, counted when
 * asked from the sessions the clinic recorded: signed visits, and completed
 * appointments of a therapy that no signed visit charts (signing a visit
 * completes its appointment, so the two are never counted twice). A session
 * counts towards an enrollment when it falls between the enrollment's start
 * and end on the client's clinic's calendar.
 */
import { VISIT_THERAPIES, WHO5_ALERT_MAX } from '@contract';
import { addDays, mondayOf } from '@contract';
import type { EnrollmentStatus, Program, VisitTherapy } from '@contract';
import { readsAll } from '../access/fields.ts';
import { requireGrant, targetUser } from '../access/grants.ts';
import { listScope, type ListScope } from '../access/list-scope.ts';
import type {
  EnrollmentProgress,
  GetProgramQuery,
  ListProgramsQuery,
  ProgramDetail,
  ProgramList,
  ProgramOverview,
  WeeklySessions,
  WeeklyWellbeing,
} from '../core/contract-types.ts';
import { type AuditEntry } from '../core/audit-trail.ts';
import type { Database, Queryable } from '../db/database.ts';
import { notFound } from '../core/problem.ts';
import { toIsoTimestamp } from '../profiles/profile-store.ts';
import { nextAppointmentJoin, nextAppointmentOf, type NextAppointmentColumns } from '../clients/next-appointment.ts';
import { inTherapyOrder, intervalDays, progressOf, type PlannedSessions } from './progress.ts';
import { type Actor } from '../core/actor.ts';
import { operation } from '../core/operation.ts';

/** The weekly chart goes this far back at most. */
const WEEKLY_SPAN_WEEKS = 26;
const THERAPY_LIST = VISIT_THERAPIES.map((therapy) => `'${therapy}'`).join(', ');

interface ProgramRow {
  id: string;
  key: Program;
  name: string;
  description: string;
  length_weeks: number;
  sessions: PlannedSessions[] | null;
}

async function selectPrograms(db: Queryable, id?: string): Promise<ProgramRow[]> {
  return db.query<ProgramRow>(
    `SELECT p.id, p.key, p.name, p.description, p.length_weeks,
            (SELECT json_agg(json_build_object('therapy', s.therapy, 'planned', s.planned))
             FROM program_sessions s WHERE s.program_id = p.id) AS sessions
     FROM programs p
     ${id === undefined ? '' : 'WHERE p.id = $1'}
     ORDER BY p.name`,
    id === undefined ? [] : [id],
  );
}

interface Filters {
  programId?: string;
  status?: EnrollmentStatus;
  clinic?: string;
  client?: string;
}

/**
 * The enrollments that match, with what their progress is counted from, as
 * CTEs: `e` (the enrollments, their client's clinic zone and today there) and
 * `sessions` (one row per session counted, with its day on that calendar).
 */
function enrollmentsCte(scope: ListScope, filters: Filters, params: unknown[], now: Date): string {
  const where = [scope.where({ role: 'u.role', owner: 'e.user_id' }, params)];
  if (filters.programId !== undefined) where.push(`pr.id = $${params.push(filters.programId)}`);
  if (filters.status !== undefined) where.push(`e.status = $${params.push(filters.status)}`);
  if (filters.clinic !== undefined) where.push(`c.id = $${params.push(filters.clinic)}`);
  if (filters.client !== undefined) where.push(`e.user_id = $${params.push(filters.client)}`);
  const nowParam = `$${params.push(now)}::timestamptz`;
  return `
    e AS MATERIALIZED (
      SELECT e.id, e.user_id, e.status, e.start_date, e.end_date, pr.id AS program_id,
             coalesce(p.first_name || ' ' || p.last_name, u.email) AS client_name, p.clinic,
             coalesce(c.time_zone, 'UTC') AS zone, (${nowParam} AT TIME ZONE coalesce(c.time_zone, 'UTC'))::date AS today
      FROM enrollments e
      JOIN programs pr ON pr.key = e.program
      JOIN users u ON u.id = e.user_id
      LEFT JOIN profiles p ON p.client_id = e.user_id
      LEFT JOIN clinics c ON c.name = p.clinic
      WHERE ${where.length > 0 ? where.join(' AND ') : 'true'}
    ),
    sessions AS (
      SELECT e.id AS enrollment_id, e.program_id, e.zone, e.start_date, e.end_date, v.therapy, v.created_at AS at
      FROM e JOIN visits v ON v.client_id = e.user_id AND v.state = 'signed'
      UNION ALL
      SELECT e.id, e.program_id, e.zone, e.start_date, e.end_date, s.therapy_kind, a.starts_at
      FROM e
      JOIN appointments a ON a.client_id = e.user_id AND a.status = 'completed'
      JOIN services s ON s.id = a.service_id AND s.therapy_kind IN (${THERAPY_LIST})
      WHERE NOT EXISTS (SELECT 1 FROM visits v WHERE v.appointment_id = a.id AND v.state = 'signed')
    ),
    -- Each session row carries its enrollment's dates: joining \`e\` again here let the planner, without statistics
    -- (the embedded database keeps none), run the sessions once for every enrollment.
    counted AS (
      SELECT enrollment_id, program_id, therapy, at, (at AT TIME ZONE zone)::date AS day
      FROM sessions
      WHERE (at AT TIME ZONE zone)::date >= start_date
        AND (end_date IS NULL OR (at AT TIME ZONE zone)::date <= end_date)
        AND at <= ${nowParam}
    )`;
}

interface EnrollmentRow extends NextAppointmentColumns {
  id: string;
  user_id: string;
  program_id: string;
  status: EnrollmentStatus;
  start_date: string;
  end_date: string | null;
  client_name: string;
  clinic: string | null;
  today: string;
  done: Partial<Record<VisitTherapy, number>> | null;
  last_session_at: Date | string | null;
  last_session_day: string | null;
}

async function selectProgress(
  db: Queryable,
  scope: ListScope,
  filters: Filters,
  now: Date,
  programs: readonly ProgramRow[],
): Promise<Map<string, EnrollmentProgress[]>> {
  const params: unknown[] = [];
  const cte = enrollmentsCte(scope, filters, params, now);
  const nowParam = `$${params.push(now)}::timestamptz`;
  // The sessions are counted once, grouped by enrollment and therapy, then joined: a subquery per enrollment
  // would scan every counted session again for each enrollment.
  const rows = await db.query<EnrollmentRow>(
    `WITH ${cte},
     per_therapy AS (
       SELECT enrollment_id, therapy, count(*)::int AS n, max(at) AS last_at, max(day) AS last_day
       FROM counted GROUP BY enrollment_id, therapy
     ),
     per_enrollment AS (
       SELECT enrollment_id, json_object_agg(therapy, n) AS done, max(last_at) AS last_session_at,
              max(last_day)::text AS last_session_day
       FROM per_therapy GROUP BY enrollment_id
     )
     SELECT e.id, e.user_id, e.program_id, e.status, e.start_date::text AS start_date, e.end_date::text AS end_date,
            e.client_name, e.clinic, e.today::text AS today, d.done, d.last_session_at, d.last_session_day,
            next.*
     FROM e
     LEFT JOIN per_enrollment d ON d.enrollment_id = e.id
     ${nextAppointmentJoin('e.user_id', nowParam)}`,
    params,
  );
  const byId = new Map(programs.map((program) => [program.id, program]));
  const grouped = new Map<string, EnrollmentProgress[]>();
  for (const row of rows) {
    const program = byId.get(row.program_id);
    if (!program) continue;
    const progress = progressOf({
      status: row.status,
      startDate: row.start_date,
      lengthWeeks: program.length_weeks,
      plan: program.sessions ?? [],
      done: row.done ?? {},
      lastSessionDay: row.last_session_day,
      today: row.today,
    });
    const list = grouped.get(row.program_id) ?? [];
    list.push({
      enrollment_id: row.id,
      client_id: row.user_id,
      client_name: row.client_name,
      clinic: row.clinic,
      status: row.status,
      start_date: row.start_date,
      end_date: row.end_date,
      week: progress.week,
      sessions: progress.sessions,
      planned_total: progress.plannedTotal,
      done_total: progress.doneTotal,
      last_session_at: row.last_session_at === null ? null : toIsoTimestamp(row.last_session_at),
      days_since_last_session: progress.daysSinceLastSession,
      next_appointment: nextAppointmentOf(row),
      behind: progress.behind,
    });
    grouped.set(row.program_id, list);
  }
  for (const list of grouped.values()) {
    // Falling behind first, the longest gap first among them; then by name.
    list.sort(
      (a, b) =>
        Number(b.behind) - Number(a.behind) ||
        (b.behind ? (b.days_since_last_session ?? 0) - (a.days_since_last_session ?? 0) : 0) ||
        a.client_name.localeCompare(b.client_name) ||
        a.enrollment_id.localeCompare(b.enrollment_id),
    );
  }
  return grouped;
}

function overviewOf(program: ProgramRow, enrollments: readonly EnrollmentProgress[], limit: number): ProgramOverview {
  const sessions = inTherapyOrder(program.sessions ?? []);
  const plannedTotal = sessions.reduce((sum, item) => sum + item.planned, 0);
  return {
    id: program.id,
    key: program.key,
    name: program.name,
    description: program.description,
    length_weeks: program.length_weeks,
    sessions,
    planned_total: plannedTotal,
    interval_days: intervalDays(program.length_weeks, plannedTotal),
    enrolled: enrollments.length,
    behind: enrollments.filter((item) => item.behind).length,
    enrollments: enrollments.slice(0, limit),
    truncated: enrollments.length > limit,
  };
}

/** The enrollments the caller sees progress of; refuses a caller whose role has no part in the programs. */
function readerScope(caller: Actor): ListScope {
  return listScope(caller, 'programs.read', 'You may not see the programs or their clients’ progress.');
}

export async function listPrograms(
  db: Database,
  caller: Actor,
  query: ListProgramsQuery,
  now: Date,
): Promise<ProgramList> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'programs.list',
    resourceType: 'program',
    resourceId: null,
    subjectId: query.client ?? null,
  };
  return operation(db, entry, async () => {
    const scope = readerScope(caller);
    if (query.client !== undefined) {
      requireGrant(caller, 'programs.read', await targetUser(db, query.client), 'query.client');
    }
    const programs = await selectPrograms(db);
    const progress = await selectProgress(db, scope, query, now, programs);
    return { results: programs.map((program) => overviewOf(program, progress.get(program.id) ?? [], query.limit)) };
  });
}

export async function readProgram(
  db: Database,
  caller: Actor,
  id: string,
  query: GetProgramQuery,
  now: Date,
): Promise<ProgramDetail> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'programs.read',
    resourceType: 'program',
    resourceId: id,
    subjectId: null,
  };
  return operation(db, entry, async () => {
    const scope = readerScope(caller);
    const [program] = await selectPrograms(db, id);
    if (!program) throw notFound('There is no such program.');
    const filters: Filters = { ...query, programId: id };
    const progress = await selectProgress(db, scope, filters, now, [program]);
    const enrollments = progress.get(program.id) ?? [];
    const weekly = await weeklySessions(db, scope, filters, now, program, enrollments);
    return {
      program: overviewOf(program, enrollments, query.limit),
      weekly,
      // Scores, even averaged, are read only by the roles that read a Thrive check's score.
      wellbeing: readsAll(caller, 'assessment', ['score'])
        ? await weeklyWellbeing(db, scope, filters, now, weekly)
        : null,
    };
  });
}

/** The Thrive checks the enrolled clients took during their enrollment, per week of the sessions chart. */
async function weeklyWellbeing(
  db: Queryable,
  scope: ListScope,
  filters: Filters,
  now: Date,
  weekly: readonly WeeklySessions[],
): Promise<WeeklyWellbeing[]> {
  if (weekly.length === 0) return [];
  const params: unknown[] = [];
  const cte = enrollmentsCte(scope, filters, params, now);
  const alertMax = `$${params.push(WHO5_ALERT_MAX)}`;
  // A client enrolled twice in the filters' span is counted once per check.
  const rows = await db.query<{ week_start: string; checks: number; mean_score: number; needing_attention: number }>(
    `WITH ${cte},
     taken AS (
       SELECT DISTINCT a.id, a.score, date_trunc('week', (a.taken_at AT TIME ZONE e.zone)::date)::date::text AS week_start
       FROM e JOIN assessments a ON a.client_id = e.user_id AND a.type = 'who5'
       WHERE (a.taken_at AT TIME ZONE e.zone)::date >= e.start_date
         AND (e.end_date IS NULL OR (a.taken_at AT TIME ZONE e.zone)::date <= e.end_date)
     )
     SELECT week_start, count(*)::int AS checks, round(avg(score))::int AS mean_score,
            (count(*) FILTER (WHERE score <= ${alertMax}))::int AS needing_attention
     FROM taken GROUP BY week_start`,
    params,
  );
  const byWeek = new Map(rows.map((row) => [row.week_start, row]));
  return weekly.map(({ week_start }) => {
    const row = byWeek.get(week_start);
    return {
      week_start,
      checks: row?.checks ?? 0,
      mean_score: row ? row.mean_score : null,
      needing_attention: row?.needing_attention ?? 0,
    };
  });
}

/** Sessions towards the program per week (Mondays), from the earliest start (26 weeks back at most) to this week. */
async function weeklySessions(
  db: Queryable,
  scope: ListScope,
  filters: Filters,
  now: Date,
  program: ProgramRow,
  enrollments: readonly EnrollmentProgress[],
): Promise<WeeklySessions[]> {
  if (enrollments.length === 0) return [];
  const params: unknown[] = [];
  const cte = enrollmentsCte(scope, filters, params, now);
  const rows = await db.query<{ week_start: string; therapy: VisitTherapy; n: number }>(
    `WITH ${cte}
     SELECT date_trunc('week', day)::date::text AS week_start, therapy, count(*)::int AS n
     FROM counted GROUP BY 1, 2`,
    params,
  );
  const planned = new Set((program.sessions ?? []).map((item) => item.therapy));
  // This week on the latest calendar any client's clinic is on (a session's week is counted on its clinic's).
  const thisWeek = rows.reduce(
    (latest, row) => (row.week_start > latest ? row.week_start : latest),
    mondayOf(now.toISOString().slice(0, 10)),
  );
  const earliestStart = enrollments.reduce(
    (earliest, item) => (item.start_date < earliest ? item.start_date : earliest),
    enrollments[0]!.start_date,
  );
  const floor = addDays(thisWeek, -7 * (WEEKLY_SPAN_WEEKS - 1));
  let week = mondayOf(earliestStart) < floor ? floor : mondayOf(earliestStart);
  const weeks: WeeklySessions[] = [];
  while (week <= thisWeek) {
    weeks.push({ week_start: week, iv: 0, hbot: 0, pet: 0, red_light: 0, fir: 0 });
    week = addDays(week, 7);
  }
  const byWeek = new Map(weeks.map((item) => [item.week_start, item]));
  for (const row of rows) {
    const item = byWeek.get(row.week_start);
    if (item && planned.has(row.therapy)) item[row.therapy] += row.n;
  }
  return weeks;
}
