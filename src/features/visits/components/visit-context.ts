import { createContext, useContext, type ReactNode } from 'react';
import type { VisitDraft } from '../model/draft';

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

export const VisitEditingContext = createContext<VisitEditing | null>(null);

export function useVisitEditing(): VisitEditing {
  const editing = useContext(VisitEditingContext);
  if (!editing) throw new Error('Thrive: a visit section was shown outside a visit.');
  return editing;
}
