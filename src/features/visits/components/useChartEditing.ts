import { canonicalJson, entriesById, visitStopped, type VisitFieldError } from '@contract';
import { useMemo, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { dateOn, todayOn, type ClinicClock } from '@/lib/intl';
import { problemsByPath, valueAt, withValueAt, type Visit, type VisitDraft } from '../model/draft';
import { entryTime } from '../model/timing';
import type { VisitEditing } from './visit-context';

interface ChartEditingInput {
  draft: VisitDraft;
  setDraft: Dispatch<SetStateAction<VisitDraft>>;
  /** Set by a discrete act, so the editor keeps the draft at once rather than after the typing pause. */
  keepAtOnceRef: RefObject<boolean>;
  problemList: readonly VisitFieldError[];
  warnings: readonly VisitFieldError[];
  readOnly: boolean;
  server: Pick<Visit, 'attributions' | 'people'> | null;
  serverDraft: VisitDraft | null;
  /** When each value this screen kept was recorded. */
  keptTimes: VisitDraft['recorded_at'];
  username: string;
  clock: ClinicClock;
  /** When the visit began, ISO; null before it is opened. */
  openedIso: string | null;
  mayOverride: boolean;
}

/**
 * What the chart's sections read, made again only when something they show changes (the draft, a save's times, the
 * server's copy): the save line above them changes several times a save, and the sections, most of the screen's
 * render, are not drawn again for it.
 */
export function useChartEditing(input: ChartEditingInput): VisitEditing {
  const { draft, setDraft, keepAtOnceRef, problemList, warnings, readOnly, server, serverDraft, keptTimes } = input;
  const { username, clock, openedIso, mayOverride } = input;
  return useMemo((): VisitEditing => {
    const serverEntries = serverDraft ? entriesById(serverDraft) : new Map<string, unknown>();
    const update = (path: string, value: unknown) => setDraft((current) => withValueAt(current, path, value));
    return {
      draft,
      update,
      commit: (path, value) => {
        keepAtOnceRef.current = true;
        update(path, value);
      },
      problems: problemsByPath(problemList),
      warnings: problemsByPath(warnings),
      readOnly,
      stopped: visitStopped(draft),
      attribution: (key) => {
        const own = key.includes('.') ? valueAt(draft, key) : entriesById(draft).get(key);
        const onServer = key.includes('.') ? valueAt(serverDraft, key) : serverEntries.get(key);
        // Compared as the server keeps it: its copy comes back with the same values in another key order.
        if (own !== undefined && own !== null && canonicalJson(own) !== canonicalJson(onServer ?? null)) {
          // Timed by this device as it was kept; the server has not received it yet.
          const recorded = keptTimes?.[key];
          const time = recorded ? ` · ${entryTime({ ...recorded, recorded_at: recorded.at }, clock)}` : '';
          return `You${time} · not yet on the server`;
        }
        const stamp = server?.attributions?.[key];
        if (!stamp) return null;
        const who = stamp.by === username ? 'You' : (server.people[stamp.by] ?? 'Staff');
        return `${who} · ${entryTime(stamp, clock)}`;
      },
      day: openedIso ? dateOn(new Date(openedIso), clock) : todayOn(clock),
      openedAt: openedIso,
      mayOverride,
    };
  }, [
    draft,
    setDraft,
    keepAtOnceRef,
    problemList,
    warnings,
    readOnly,
    server,
    serverDraft,
    keptTimes,
    username,
    clock,
    openedIso,
    mayOverride,
  ]);
}
