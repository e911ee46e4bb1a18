/**
 * Discovery: finding a client by a fragment of name, e-mail or phone number,
 * and what staff must know before treating one (consent, contraindications
 * and reactions from past visits, a Thrive check's alert). Both for the hub's
 * staff group only.
 */
import { ageOn, nameStartsWith, parseClientQuery, type ClientQuery } from '@contract';
import { CONTRAINDICATIONS } from '@contract';
import { answerFor, profileAnswerFor, readsAll } from '../access/fields.ts';
import { requireGrant, requireSomeGrant, targetUser } from '../access/grants.ts';
import { listScope } from '../access/list-scope.ts';
import type {
  AdverseReaction,
  ClientAlerts,
  ClientSearchList,
  ClientSearchResult,
  ClientSearch,
  ContraindicationAlert,
  ReactionAlert,
} from '../core/contract-types.ts';
import { type AuditEntry } from '../core/audit-trail.ts';
import type { Database } from '../db/database.ts';
import { forbidden } from '../core/problem.ts';
import { toIsoTimestamp } from '../profiles/profile-store.ts';
import type { VisitState, VisitTherapy } from '@contract';
import { nextAppointmentJoin, nextAppointmentOf, type NextAppointmentColumns } from './next-appointment.ts';
import { CONTACTS_OF_RESULT, toWellbeingContact } from '../assessments/assessments-service.ts';
import { type Actor } from '../core/actor.ts';
import { operation } from '../core/operation.ts';

/** `text` for a LIKE pattern: its wildcards matched literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/**
 * The search as SQL conditions on `u` (users, which keeps what a search matches: migration 013). Every word
 * must appear in the e-mail, the names or the phone numbers as written; a phone-like text may instead match
 * the phone numbers' digits. Both columns are trigram-indexed; a word too short for a trigram is tested on
 * the rows of the one table.
 */
export function searchConditionSql(query: ClientQuery, params: unknown[]): string {
  const byWords = query.words.map((word) => `u.search_text LIKE $${params.push(containsPattern(word))}`);
  const words = byWords.length > 0 ? `(${byWords.join(' AND ')})` : 'false';
  if (query.digits === null) return words;
  return `(${words} OR u.phone_digits LIKE $${params.push(containsPattern(query.digits))})`;
}

/**
 * Whether `u`'s name begins with the search text (nameStartsWith's rule), as SQL: `exactly` the rule, and
 * `indexed` a wider test the name keys' prefix indexes answer (migration 016). A full name beginning with the
 * text has a first name beginning with the text's first word.
 */
function startsWithSql(query: ClientQuery, params: unknown[]): { exactly: string; indexed: string } {
  const text = `$${params.push(`${escapeLike(query.text)}%`)}`;
  const firstWord = `$${params.push(`${escapeLike(query.words[0] ?? '')}%`)}`;
  return {
    exactly: `(u.last_name_key LIKE ${text} OR u.first_name_key LIKE ${text}
               OR (u.first_name_key || ' ' || u.last_name_key) LIKE ${text})`,
    indexed: `(u.last_name_key LIKE ${text} OR u.first_name_key LIKE ${firstWord})`,
  };
}

interface SearchRow extends NextAppointmentColumns {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  date_of_birth: string | null;
  clinic: string | null;
  hipaa_consent: boolean;
}

export async function searchClients(
  db: Database,
  caller: Actor,
  query: ClientSearch,
  now: Date,
): Promise<ClientSearchList> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'clients.search',
    resourceType: 'user',
    resourceId: null,
    subjectId: null,
  };
  return operation(db, entry, async () => {
    const scope = listScope(caller, 'clients.discover', 'You may not look clients up.');
    if (scope.via !== 'role') throw forbidden('You may not look clients up.');
    const parsed = parseClientQuery(query.q);
    const params: unknown[] = [];
    const conditions = [searchConditionSql(parsed, params), scope.where({ role: 'u.role' }, params)];
    // A user without a profile is no client to find.
    conditions.push('u.profile_search_text IS NOT NULL');
    const where = conditions.join(' AND ');
    const startsWith = startsWithSql(parsed, params);
    const limit = `$${params.push(query.limit + 1)}`;
    const nowParam = `$${params.push(now)}`;
    // The matches are ranked and cut on users alone (its name keys, migration 012), so only the clients shown
    // are joined to their profiles and next appointments. Two queries in name order, each stopping at a page:
    // those whose name begins with the text (indexed prefixes, migration 016), and the first matches of all. With
    // k of the first kind, the second holds at most k of them, so at least the page's other rows. A text of a
    // letter or two matches nearly everyone: it is read along the name index rather than all sorted. When the
    // first fills the page (a surname being typed), the second is not run: it could add nothing, and a text
    // whose matches sort late (Shetty) would have it read most of the clients before it found a page.
    const keys = 'u.last_name_key, u.first_name_key, u.id';
    const rows = await db.query<SearchRow>(
      `WITH prefixed AS MATERIALIZED (
         SELECT u.id, u.email, u.last_name_key, u.first_name_key, true AS starts_with FROM users u
         WHERE ${where} AND ${startsWith.indexed} AND ${startsWith.exactly}
         ORDER BY ${keys} LIMIT ${limit}
       ), found AS MATERIALIZED (
         (SELECT * FROM prefixed)
         UNION
         (SELECT u.id, u.email, u.last_name_key, u.first_name_key, coalesce(${startsWith.exactly}, false) FROM users u
          WHERE (SELECT count(*) FROM prefixed) < ${limit} AND ${where}
          ORDER BY ${keys} LIMIT ${limit})
         ORDER BY starts_with DESC, last_name_key, first_name_key, id
         LIMIT ${limit}
       )
       SELECT found.id, found.email, p.first_name, p.last_name, p.phone_number,
              p.date_of_birth::text AS date_of_birth, p.clinic, p.hipaa_consent, next.*
       FROM found
       JOIN profiles p ON p.client_id = found.id
       ${nextAppointmentJoin('found.id', nowParam)}
       ORDER BY found.starts_with DESC, found.last_name_key, found.first_name_key, found.id`,
      params,
    );
    const results: ClientSearchResult[] = rows.slice(0, query.limit).map((row) => {
      const found = profileAnswerFor(
        caller,
        { id: row.id, role: 'CLIENT' },
        {
          id: row.id,
          email: row.email,
          first_name: row.first_name,
          last_name: row.last_name,
          phone_number: row.phone_number,
          date_of_birth: row.date_of_birth,
          clinic: row.clinic,
          hipaa_consent: row.hipaa_consent,
          next_appointment: nextAppointmentOf(row),
        },
      );
      // The age tells the date of birth roughly: it goes with it.
      return 'date_of_birth' in found ? { ...found, age: ageOn(row.date_of_birth, now) } : found;
    });
    // The SQL ranks by the same rule; said here too so the order does not hang on collation details.
    results.sort((a, b) => Number(nameStartsWith(parsed, b)) - Number(nameStartsWith(parsed, a)));
    return { results, truncated: rows.length > query.limit };
  });
}

/** How many of a client's visits the alerts look through, newest first. */
const ALERT_VISITS = 500;

interface AlertVisitRow {
  id: string;
  therapy: VisitTherapy;
  state: VisitState;
  created_at: Date | string;
  answers: Record<string, boolean | null> | null;
  override_reason: string | null;
  reactions: AdverseReaction[] | null;
}

interface WellbeingRow {
  id: string;
  score: number;
  taken_at: Date | string;
  alert: boolean;
  contacts: Parameters<typeof toWellbeingContact>[0][] | null;
}

/** The client's newest Thrive check when it raised an alert, with staff's contacts about it. */
async function wellbeingAlert(db: Database, clientId: string): Promise<ClientAlerts['wellbeing']> {
  const [newest] = await db.query<WellbeingRow>(
    `SELECT a.id, a.score, a.taken_at, a.alert, ${CONTACTS_OF_RESULT} AS contacts
     FROM assessments a WHERE a.client_id = $1 AND a.type = 'who5'
     ORDER BY a.taken_at DESC, a.id LIMIT 1`,
    [clientId],
  );
  if (!newest?.alert) return null;
  const contacts = (newest.contacts ?? []).map(toWellbeingContact);
  return {
    assessment_id: newest.id,
    score: newest.score,
    taken_at: toIsoTimestamp(newest.taken_at),
    awaiting_contact: !contacts.some((contact) => contact.outcome === 'reached'),
    contacts,
  };
}

export async function readClientAlerts(db: Database, caller: Actor, clientId: string): Promise<ClientAlerts> {
  const entry: AuditEntry = {
    actor: caller,
    action: 'clients.alerts',
    resourceType: 'user',
    resourceId: clientId,
    subjectId: clientId,
  };
  return operation(db, entry, async () => {
    requireSomeGrant(caller, 'clients.discover', 'You may not look clients up.');
    requireGrant(caller, 'clients.discover', await targetUser(db, clientId));
    const [profile] = await db.query<{ hipaa_consent: boolean }>(
      'SELECT hipaa_consent FROM profiles WHERE client_id = $1',
      [clientId],
    );
    const visits = await db.query<AlertVisitRow>(
      `SELECT v.id, v.therapy, v.state, v.created_at, v.content->'contraindications'->'answers' AS answers,
              v.content->'contraindications'->>'override_reason' AS override_reason, v.content->'reactions' AS reactions
       FROM visits v
       WHERE v.client_id = $1
       ORDER BY v.created_at DESC, v.id
       LIMIT $2`,
      [clientId, ALERT_VISITS],
    );
    const contraindications: ContraindicationAlert[] = [];
    const reactions: ReactionAlert[] = [];
    for (const visit of visits) {
      const at = toIsoTimestamp(visit.created_at);
      for (const question of CONTRAINDICATIONS[visit.therapy]) {
        if (visit.answers?.[question.key] !== true) continue;
        contraindications.push({
          visit_id: visit.id,
          therapy: visit.therapy,
          visit_state: visit.state,
          at,
          question: question.key,
          label: question.label,
          override_reason: visit.override_reason,
        });
      }
      for (const reaction of visit.reactions ?? []) {
        reactions.push({
          visit_id: visit.id,
          therapy: visit.therapy,
          visit_state: visit.state,
          at: toIsoTimestamp(reaction.occurred_at),
          what: reaction.what,
          severity: reaction.severity,
          action: reaction.action ?? null,
        });
      }
    }
    reactions.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
    // The contraindications and reactions are clinical, the Thrive check's alert the care team's: each goes
    // only to the roles that read it (the check is not even looked up for the others).
    return answerFor(caller, 'alerts', {
      client_id: clientId,
      hipaa_consent: profile?.hipaa_consent === true,
      wellbeing: readsAll(caller, 'alerts', ['wellbeing']) ? await wellbeingAlert(db, clientId) : null,
      contraindications,
      reactions,
    });
  });
}
