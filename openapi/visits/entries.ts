/** What a person enters in a visit, by field path and by entry id: what attributions are kept against. */
import type { VisitDraft } from '../schema.gen.ts';
import { canonicalJson } from '../encoding/canonical-json.ts';
import { CONTRAINDICATIONS } from './contraindications.ts';
import type { FieldSpec, ListSpec } from './field-kinds.ts';
import { THERAPY_FIELDS } from './fields.ts';

type Entry = { id: string } & Record<string, unknown>;

/** The field paths whose values a person enters (for attributions): every leaf of the frame and the therapy. */
export function attributedPaths(draft: VisitDraft): Map<string, unknown> {
  const paths = new Map<string, unknown>();
  paths.set('notes', draft.notes ?? null);
  paths.set('consent.therapy_consent', draft.consent?.therapy_consent ?? null);
  paths.set('consent.therapy_consent_date', draft.consent?.therapy_consent_date ?? null);
  for (const question of CONTRAINDICATIONS[draft.therapy]) {
    paths.set(`contraindications.answers.${question.key}`, draft.contraindications?.answers?.[question.key] ?? null);
  }
  paths.set('contraindications.override_reason', draft.contraindications?.override_reason ?? null);
  const fields = (draft[draft.therapy] ?? {}) as Readonly<Record<string, unknown>>;
  for (const [name, spec] of Object.entries(THERAPY_FIELDS[draft.therapy]) as [string, FieldSpec | ListSpec<Entry>][]) {
    if (spec.input === 'list') continue;
    if (spec.input === 'checklist') {
      const answers = (fields[name] ?? {}) as Readonly<Record<string, unknown>>;
      for (const question of spec.questions)
        paths.set(`${draft.therapy}.${name}.${question.key}`, answers[question.key] ?? null);
      continue;
    }
    paths.set(`${draft.therapy}.${name}`, fields[name] ?? null);
  }
  return paths;
}

/** Every entry of a draft, by id: vitals, reactions, and the therapy's lists. */
export function entriesById(draft: VisitDraft): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const entry of draft.vitals ?? []) entries.set(entry.id.toLowerCase(), entry);
  for (const entry of draft.reactions ?? []) entries.set(entry.id.toLowerCase(), entry);
  const fields = (draft[draft.therapy] ?? {}) as Readonly<Record<string, unknown>>;
  for (const [name, spec] of Object.entries(THERAPY_FIELDS[draft.therapy]) as [string, FieldSpec | ListSpec<Entry>][]) {
    if (spec.input !== 'list') continue;
    const list = fields[name];
    if (Array.isArray(list)) for (const entry of list as Entry[]) entries.set(entry.id.toLowerCase(), entry);
  }
  return entries;
}

/**
 * The keys (entry ids, field paths) a change from `before` to `after` writes:
 * entries new or changed, and fields changed to a value. What the server
 * attributes to the person who sent the change, and what the device times as
 * it keeps the change (`recorded_at`).
 */
export function changedKeys(before: VisitDraft | null, after: VisitDraft): string[] {
  const keys: string[] = [];
  const oldEntries = before ? entriesById(before) : new Map<string, unknown>();
  for (const [id, entry] of entriesById(after)) {
    if (canonicalJson(oldEntries.get(id)) !== canonicalJson(entry)) keys.push(id);
  }
  const oldPaths = before ? attributedPaths(before) : new Map<string, unknown>();
  for (const [path, value] of attributedPaths(after)) {
    if (value !== null && canonicalJson(oldPaths.get(path) ?? null) !== canonicalJson(value)) keys.push(path);
  }
  return keys;
}
