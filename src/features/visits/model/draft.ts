/**
 * A visit as the screen edits it: the draft document (what `PUT visits/{id}`
 * sends), read from the server's visit or made new on the device, changed one
 * value at a time by its path, and made safe to save while a value the person
 * is typing still breaks a rule.
 */
import {
  THERAPY_FIELDS,
  attributedPaths,
  canonicalJson,
  changedKeys,
  entriesById,
  type components,
  type FieldSpec,
  type ListSpec,
  type VisitFieldError,
} from '@contract';

type Schemas = components['schemas'];
export type Visit = Schemas['Visit'];
export type VisitDraft = Schemas['VisitDraft'];
export type VisitTherapy = Schemas['VisitTherapy'];
export type VisitSummary = Schemas['VisitSummary'];
export type VitalsEntry = Schemas['VitalsEntry'];
export type AdverseReaction = Schemas['AdverseReaction'];

type Entry = { id: string } & Record<string, unknown>;
type AnySpec = FieldSpec | ListSpec<Entry>;

/** A therapy's fields as the table lists them (lists and checklists included). */
export function therapySpecs(therapy: VisitTherapy): [string, AnySpec][] {
  return Object.entries(THERAPY_FIELDS[therapy]);
}

/** A therapy's own fields, empty: lists without entries, checklists unanswered, values not yet entered. */
function emptyTherapyFields(therapy: VisitTherapy): Record<string, unknown> {
  return Object.fromEntries(
    therapySpecs(therapy).map(([name, spec]) => [
      name,
      spec.input === 'list' || spec.input === 'choices' ? [] : spec.input === 'checklist' ? {} : null,
    ]),
  );
}

/** A visit started on this device, now by its clock: nothing charted yet. */
export function newVisitDraft(
  therapy: VisitTherapy,
  clientId: string,
  appointmentId: string | null,
  openedAt: Date = new Date(),
): VisitDraft {
  return {
    client_id: clientId,
    therapy,
    appointment_id: appointmentId,
    opened_at: openedAt.toISOString(),
    consent: { therapy_consent: null, therapy_consent_date: null },
    contraindications: { answers: {}, override_reason: null },
    vitals: [],
    reactions: [],
    notes: null,
    [therapy]: emptyTherapyFields(therapy),
  };
}

/** The draft a server's visit holds (its charted fields, without what the server adds). */
export function draftOfVisit(visit: Visit): VisitDraft {
  return {
    client_id: visit.client_id,
    therapy: visit.therapy,
    appointment_id: visit.appointment_id,
    consent: visit.consent,
    contraindications: visit.contraindications,
    vitals: visit.vitals,
    reactions: visit.reactions,
    notes: visit.notes,
    [visit.therapy]: { ...emptyTherapyFields(visit.therapy), ...visit[visit.therapy] },
    opened_at: visit.opened_at,
    recorded_at: visit.recorded_at,
  };
}

/**
 * The draft about to be kept, with the time this device recorded each entry
 * and field that changed since `previous` (and how far its clock was from the
 * server's): the observation's time, which it keeps however late it reaches
 * the server. Times of what is no longer in the draft are dropped.
 */
export function timedDraft(next: VisitDraft, previous: VisitDraft, at: Date, clockOffset: number | null): VisitDraft {
  const changed = changedKeys(previous, next);
  const present = new Set([...entriesById(next).keys(), ...attributedPaths(next).keys()]);
  const recorded = Object.fromEntries(
    Object.entries({ ...previous.recorded_at, ...next.recorded_at }).filter(([key]) => present.has(key)),
  );
  for (const key of changed) recorded[key] = { at: at.toISOString(), device_clock_offset_ms: clockOffset };
  return { ...next, recorded_at: recorded };
}

/** Two drafts the server would store the same. */
export function sameDraft(a: VisitDraft | null, b: VisitDraft | null): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

function segments(path: string): string[] {
  return path.split('.');
}

/** The value at a path of the draft ('iv.additives.0.lot'); undefined where there is none. */
export function valueAt(source: unknown, path: string): unknown {
  let at: unknown = source;
  for (const key of segments(path)) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** A copy of the draft with the value at `path` set (objects and lists on the way copied, the rest shared). */
export function withValueAt<T>(source: T, path: string, value: unknown): T {
  const [key, ...rest] = segments(path);
  if (key === undefined) return value as T;
  const container = (source ?? {}) as Record<string, unknown> | unknown[];
  const next =
    rest.length === 0 ? value : withValueAt((container as Record<string, unknown>)[key], rest.join('.'), value);
  if (Array.isArray(container)) {
    const copy = [...container];
    copy[Number(key)] = next;
    return copy as T;
  }
  return { ...container, [key]: next } as T;
}

/** The first problem at each path, for the field that shows it. */
export function problemsByPath(problems: readonly VisitFieldError[]): ReadonlyMap<string, string> {
  const byPath = new Map<string, string>();
  for (const problem of problems) if (!byPath.has(problem.field)) byPath.set(problem.field, problem.message);
  return byPath;
}

/** For a path inside a list entry ('vitals.2.systolic'): the list's path, the entry's index and the rest. */
function entryOf(draft: unknown, path: string): { list: string; index: number } | null {
  const parts = segments(path);
  for (let i = parts.length - 1; i > 0; i--) {
    const index = Number(parts[i]);
    if (!Number.isInteger(index) || parts[i] === '') continue;
    const list = parts.slice(0, i).join('.');
    if (Array.isArray(valueAt(draft, list))) return { list, index };
  }
  return null;
}

/**
 * What of `next` may be saved while some of its values break a rule: each
 * value at fault is put back as it was when last saved (an entry that was
 * never saved is left out for now). The person keeps seeing what they typed,
 * with the problem beside it; nothing that breaks a rule reaches the server.
 */
export function savableDraft(next: VisitDraft, saved: VisitDraft, problems: readonly VisitFieldError[]): VisitDraft {
  // Entries at fault are told by their id before anything moves: removing one shifts the others' indexes.
  const faultyEntries = new Map<string, Set<string>>();
  const faultyFields: string[] = [];
  for (const { field } of problems) {
    const entry = entryOf(next, field);
    const faulty = entry ? (valueAt(next, entry.list) as Entry[])[entry.index] : undefined;
    if (entry && faulty) faultyEntries.set(entry.list, (faultyEntries.get(entry.list) ?? new Set()).add(faulty.id));
    else if (!entry) faultyFields.push(field);
  }
  let draft = next;
  for (const [list, ids] of faultyEntries) {
    const savedList = (valueAt(saved, list) as Entry[] | undefined) ?? [];
    const repaired = (valueAt(draft, list) as Entry[]).flatMap((item) => {
      if (!ids.has(item.id)) return [item];
      const before = savedList.find((candidate) => candidate.id === item.id);
      return before === undefined ? [] : [before];
    });
    draft = withValueAt(draft, list, repaired);
  }
  for (const field of faultyFields) draft = withValueAt(draft, field, valueAt(saved, field) ?? null);
  return draft;
}

/** A new id for an entry (vitals, additive, reaction), made on the device. */
export function newEntryId(): string {
  return crypto.randomUUID();
}
