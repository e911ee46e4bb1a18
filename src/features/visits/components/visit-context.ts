import { useSelector, type Store } from '@tanstack/react-store';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { valueAt, type Visit, type VisitDraft } from '../model/draft';

/** What every section of a visit being charted reads and changes. */
export interface VisitEditing {
  draft: VisitDraft;
  /** Sets the value at a path of the draft ('iv.volume_ml', 'vitals') as it is typed; saved shortly after. */
  update: (path: string, value: unknown) => void;
  /**
   * Sets the value at a path and keeps the draft at once: a discrete act (an entry added from a dialog or removed,
   * a yes or no), which no keystroke follows.
   */
  commit: (path: string, value: unknown) => void;
  /** The problem at each path, from the visit's rules. */
  problems: ReadonlyMap<string, string>;
  /** What needs a second look at each path before signing (the plausibility warnings). */
  warnings: ReadonlyMap<string, string>;
  /** Signed, or signed on this device: nothing may change. */
  readOnly: boolean;
  /** A positive contraindication without a recorded reason: no therapy is charted. */
  stopped: boolean;
  /** Who entered the value or entry at a key (an entry's id, or a field's path), and when. */
  attribution: (key: string) => ReactNode;
  /** The visit's day on its clinic's clock, YYYY-MM-DD: the times of day typed in belong to it. */
  day: string;
  /** When the visit began (ISO); null before it is opened. A time typed in is checked against it and now. */
  openedAt: string | null;
  /** The person charting may record why a visit goes ahead after a positive screen. */
  mayOverride: boolean;
}

/** The chart as its sections draw it: the editing, and what its attributions read besides the draft. */
export interface ChartState {
  editing: VisitEditing;
  serverDraft: VisitDraft | null;
  /** When this screen kept each value (by field path or entry id). */
  keptTimes: VisitDraft['recorded_at'];
  server: Pick<Visit, 'attributions' | 'people'> | null;
}

export const VisitEditingContext = createContext<Store<ChartState> | null>(null);

function useChartStore(): Store<ChartState> {
  const store = useContext(VisitEditingContext);
  if (!store) throw new Error('Thrive: a visit section was shown outside a visit.');
  return store;
}

/** The ids (as the draft's `recorded_at` keys them) of the entries in a part of the draft, its lists' included. */
function entryIdsWithin(value: unknown, ids = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) {
      if (item && typeof item === 'object' && typeof (item as { id?: unknown }).id === 'string') {
        ids.add((item as { id: string }).id.toLowerCase());
      }
    }
  } else if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) if (Array.isArray(inner)) entryIdsWithin(inner, ids);
  }
  return ids;
}

const under = (key: string, path: string) => key === path || key.startsWith(`${path}.`);

/** The messages of a map at `path` or below it, the same in both. */
function sameMessagesUnder(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>, path: string): boolean {
  const of = (map: ReadonlyMap<string, string>) => [...map].filter(([key]) => under(key, path));
  const left = of(a);
  const right = of(b);
  return (
    left.length === right.length &&
    left.every(([key, message], index) => right[index]?.[1] === message && right[index][0] === key)
  );
}

/** When this screen kept the values at `path` (its fields and its entries), the same in both. */
function sameKeptTimesUnder(a: ChartState, b: ChartState, path: string): boolean {
  if (a.keptTimes === b.keptTimes) return true;
  const ids = entryIdsWithin(valueAt(a.editing.draft, path));
  const keys = new Set([...Object.keys(a.keptTimes ?? {}), ...Object.keys(b.keptTimes ?? {})]);
  for (const key of keys) {
    if ((under(key, path) || ids.has(key)) && a.keptTimes?.[key] !== b.keptTimes?.[key]) return false;
  }
  return true;
}

/**
 * Whether a section that shows the draft at `paths` would draw the same from both states: its part of the draft, of
 * the server's copy, of the checks' messages and of the times this screen kept, and what every section reads.
 */
export function sameForSection(paths: readonly string[], a: ChartState, b: ChartState): boolean {
  if (a === b) return true;
  const [x, y] = [a.editing, b.editing];
  if (
    a.server !== b.server ||
    x.readOnly !== y.readOnly ||
    x.stopped !== y.stopped ||
    x.day !== y.day ||
    x.openedAt !== y.openedAt ||
    x.mayOverride !== y.mayOverride
  ) {
    return false;
  }
  return paths.every(
    (path) =>
      valueAt(x.draft, path) === valueAt(y.draft, path) &&
      valueAt(a.serverDraft, path) === valueAt(b.serverDraft, path) &&
      sameMessagesUnder(x.problems, y.problems, path) &&
      sameMessagesUnder(x.warnings, y.warnings, path) &&
      sameKeptTimesUnder(a, b, path),
  );
}

/**
 * The editing, for a section that shows the draft at `paths` ('vitals', 'iv'): drawn again only when something it
 * shows changes, not with every change elsewhere in the chart. A section reads the draft at its paths only (its
 * copy of the rest may be older).
 */
export function useVisitEditing(paths: readonly string[]): VisitEditing {
  const store = useChartStore();
  // By the paths' names, so that a list written out in the call keeps one comparison.
  const key = paths.join(' ');
  const compare = useMemo(() => {
    const parts = key.split(' ');
    return (a: ChartState, b: ChartState) => sameForSection(parts, a, b);
  }, [key]);
  return useSelector(store, wholeState, { compare }).editing;
}

const wholeState = (state: ChartState) => state;

/** The visit's day and beginning, for a time typed anywhere in the chart: drawn again only when they change. */
export function useVisitDay(): Pick<VisitEditing, 'day' | 'openedAt'> {
  const store = useChartStore();
  const day = useSelector(store, (state) => state.editing.day);
  const openedAt = useSelector(store, (state) => state.editing.openedAt);
  return { day, openedAt };
}
