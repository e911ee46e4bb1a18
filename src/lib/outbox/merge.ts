/**
 * How a change meets what others did meanwhile: a three-way merge of the
 * change, what it was made from and the record as the server holds it now,
 * and the field-by-field conflicts a person resolves. Loaded with the sender
 * and the conflict view, not with the first screen.
 */
import { changedFields, sameValue, type OutboxItem } from './model';

/** One field of a conflict: what the person set, what the server holds now, and what both started from. */
export interface FieldConflict {
  field: string;
  label: string;
  mine: unknown;
  theirs: unknown;
  base: unknown;
}

/**
 * The fields someone else changed to another value since the change was made,
 * where the person changed them too (see mergeValue: lists of entries and
 * objects merge part by part, so only a part both changed counts). None means
 * the record moved on only where the person did not change it, or to the same
 * values: the change can go again, merged, on the current version.
 */
export function fieldConflicts(item: OutboxItem, current: Readonly<Record<string, unknown>>): FieldConflict[] {
  const mine = (item.request.body ?? {}) as Record<string, unknown>;
  return changedFields(item)
    .filter((field) => mergeValue(item.base?.[field], mine[field], current[field], field).conflicts.length > 0)
    .map((field) => ({
      field,
      label: item.fieldLabels[field] ?? field,
      mine: mine[field],
      theirs: current[field],
      base: item.base?.[field],
    }));
}

type Json = unknown;

function isPlainObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEntryList(value: Json): value is ({ id: string } & Record<string, Json>)[] {
  return Array.isArray(value) && value.every((item) => isPlainObject(item) && typeof item.id === 'string');
}

/** The outcome of merging one value: the merged value, and the paths where both sides changed it differently. */
interface Merged {
  value: Json;
  conflicts: string[];
}

/**
 * Three-way merge of one value: what both started from (`base`), what the
 * person made of it (`mine`) and what the server holds now (`theirs`). Where
 * only one side changed something, that change is kept; objects merge key by
 * key, and lists of entries with ids (vitals, additives) entry by entry, so
 * two people adding entries to one list keep both. Only a part both changed
 * to different values is a conflict.
 */
export function mergeValue(base: Json, mine: Json, theirs: Json, path: string): Merged {
  if (sameValue(mine, theirs) || sameValue(mine, base)) return { value: theirs, conflicts: [] };
  if (sameValue(theirs, base)) return { value: mine, conflicts: [] };
  if (isPlainObject(mine) && isPlainObject(theirs) && (base === null || base === undefined || isPlainObject(base))) {
    const from = base ?? {};
    const value: Record<string, Json> = {};
    const conflicts: string[] = [];
    for (const key of new Set([...Object.keys(theirs), ...Object.keys(mine)])) {
      const merged = mergeValue(from[key], mine[key], theirs[key], `${path}.${key}`);
      if (merged.value !== undefined) value[key] = merged.value;
      conflicts.push(...merged.conflicts);
    }
    return { value, conflicts };
  }
  if (isEntryList(mine) && isEntryList(theirs) && (base === null || base === undefined || isEntryList(base))) {
    const from = new Map((base ?? []).map((entry) => [entry.id, entry]));
    const mineById = new Map(mine.map((entry) => [entry.id, entry]));
    const conflicts: string[] = [];
    const value: Json[] = [];
    for (const entry of theirs) {
      const original = from.get(entry.id);
      const own = mineById.get(entry.id);
      if (own === undefined && original !== undefined) {
        // The person removed it; gone unless the other side changed it meanwhile.
        if (!sameValue(entry, original)) {
          conflicts.push(`${path}.${entry.id}`);
          value.push(entry);
        }
        continue;
      }
      const merged = mergeValue(original, own ?? entry, entry, `${path}.${entry.id}`);
      conflicts.push(...merged.conflicts);
      value.push(merged.value);
    }
    const theirIds = new Set(theirs.map((entry) => entry.id));
    // Entries the person added (the server never had them) keep their place at the end.
    for (const entry of mine) if (!theirIds.has(entry.id) && !from.has(entry.id)) value.push(entry);
    return { value, conflicts };
  }
  return { value: mine, conflicts: [path] };
}

/**
 * A change made on an older version, carried onto the record as it is now:
 * the body merged field by field with what others changed meanwhile, or null
 * when someone else changed a part the person changed too (a conflict the
 * person resolves).
 */
export function rebasedBody(
  item: OutboxItem,
  current: Readonly<Record<string, unknown>>,
): Record<string, unknown> | null {
  const mine = (item.request.body ?? {}) as Record<string, unknown>;
  const body: Record<string, unknown> = {};
  for (const field of changedFields(item)) {
    const merged = mergeValue(item.base?.[field], mine[field], current[field], field);
    if (merged.conflicts.length > 0) return null;
    body[field] = merged.value;
  }
  return body;
}

/**
 * After a conflict is resolved field by field: the change that keeps the
 * person's choices, made on the server's current version. Fields where they
 * chose the server's value are left out; null when nothing of theirs is left.
 */
export function resolvedBody(
  item: OutboxItem,
  keepMine: ReadonlySet<string>,
  current: Readonly<Record<string, unknown>>,
): Record<string, unknown> | null {
  const mine = (item.request.body ?? {}) as Record<string, unknown>;
  // A PUT replaces the whole record: every field goes, the server's value where the person chose it.
  const whole = item.request.method === 'put';
  const body: Record<string, unknown> = {};
  let changes = false;
  for (const field of changedFields(item)) {
    const merged = mergeValue(item.base?.[field], mine[field], current[field], field);
    const value = merged.conflicts.length === 0 ? merged.value : keepMine.has(field) ? mine[field] : current[field];
    const differs = !sameValue(current[field], value);
    changes ||= differs;
    if (whole || differs) body[field] = value;
  }
  return changes ? body : null;
}
