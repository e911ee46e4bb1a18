import { useDebouncedCallback } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { draftProblems } from '@contract';
import { useEffect, useRef, useState } from 'react';
import { toastFailure } from '@/components/toasts';
import { serverClockOffset } from '@/lib/api';
import type { ClinicClock } from '@/lib/intl';
import type { OutboxItem } from '@/lib/outbox';
import { saveVisitDraft } from '../api/changes';
import { visitQueryOptions } from '../api/queries';
import {
  newVisitDraft,
  sameDraft,
  savableDraft,
  timedDraft,
  type Visit,
  type VisitDraft,
  type VisitTherapy,
} from '../model/draft';
import { chartCheckClock } from '../model/timing';

/** How long after the last keystroke the draft is kept (on this device first, then on the server). */
const AUTOSAVE_MS = 600;

/** Leaving the page (a reload, the tab closed, the tablet locked) keeps what was typed. */
function useFlushOnLeave(pending: { flush: () => void }): void {
  useEffect(() => {
    const flush = () => pending.flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flush);
    };
  }, [pending]);
}

/** The visit whose chart is kept, as the editor has it. */
export interface ChartBeingKept {
  therapy: VisitTherapy;
  clientId: string;
  clientName: string;
  visitId: string;
  link: string;
  /** The draft as kept: the last unsent save, else the server's. */
  kept: VisitDraft | null;
  /** The visit as the server has it (null while it is not there). */
  server: Pick<Visit, 'opened_at'> | null;
  unsent: readonly OutboxItem[];
}

/**
 * The chart's draft and how it is kept: each change shortly after the last
 * keystroke (a discrete act at once), on this device first and on the server
 * when it can be reached, what changed timed by this device as it is kept; the
 * checks' refusals held back; someone else's change taken in unless the person
 * is mid-edit; and what was typed kept when the page is left.
 */
export function useDraftKeeping(props: ChartBeingKept, clinicClock: ClinicClock) {
  const { therapy, clientId, visitId, unsent, server } = props;
  const queryClient = useQueryClient();
  const serverVersionNow = () => queryClient.getQueryData(visitQueryOptions(visitId).queryKey)?.version ?? null;
  const [draft, setDraft] = useState<VisitDraft>(() => props.kept ?? newVisitDraft(therapy, clientId, null));
  /** The draft as last kept by this screen (or found kept): typing that differs from it is not saved yet. */
  const saved = useRef<VisitDraft>(draft);
  // When each value of it was recorded, for the chart's attributions ('You · 10:42 · not yet on the server').
  const [keptTimes, setKeptTimes] = useState(draft.recorded_at);
  const [typing, setTyping] = useState(false);

  /** Saves handed to the outbox and not yet listed in it. */
  const keeping = useRef(0);
  // The same count, for the screen: until the outbox has the latest save, it is not 'saved on this device'.
  const [pendingSaves, setPendingSaves] = useState(0);

  // Someone else's change (another tablet, another nurse's save) shows, unless the person is mid-edit. Only the
  // server's copy can hold one, and only once nothing of this screen's own is on its way: until then what is kept is
  // this screen's own latest save, or an older state of it.
  const hasUnsent = unsent.length > 0;
  useEffect(() => {
    const kept = props.kept;
    if (hasUnsent || keeping.current > 0 || !kept || sameDraft(kept, saved.current)) return;
    setDraft((current) => (sameDraft(current, saved.current) ? kept : current));
    saved.current = kept;
    setKeptTimes(kept.recorded_at);
  }, [props.kept, hasUnsent]);

  // When the visit began: on the server once it is there, else when this device opened it.
  const openedIso = server?.opened_at ?? draft.opened_at ?? null;

  const keep = (next: VisitDraft) => {
    const savable = savableDraft(next, saved.current, draftProblems(next, chartCheckClock(clinicClock, openedIso)));
    setTyping(false);
    if (sameDraft(savable, saved.current)) return;
    // What changed is timed now, by this device's clock: the observation keeps its time however late it is sent.
    const timed = timedDraft(savable, saved.current, new Date(), serverClockOffset());
    const before = props.kept;
    saved.current = timed;
    keeping.current += 1;
    setPendingSaves((count) => count + 1);
    setKeptTimes(timed.recorded_at);
    saveVisitDraft({
      visitId,
      draft: timed,
      // The version the server has now, read at this moment: the screen may not have shown the latest one yet.
      version: serverVersionNow(),
      before,
      clientName: props.clientName,
      link: props.link,
    })
      .catch(() => toastFailure('The visit could not be kept on this device. Please try again.', 'Not saved'))
      .finally(() => {
        keeping.current -= 1;
        setPendingSaves((count) => count - 1);
      });
  };
  const keepSoon = useDebouncedCallback(keep, { delay: AUTOSAVE_MS, flushOnUnmount: true });

  useFlushOnLeave(keepSoon);

  // A discrete act is kept as soon as it shows; typing, shortly after the last keystroke.
  const keepAtOnce = useRef(false);
  useEffect(() => {
    const atOnce = keepAtOnce.current;
    // An act that changed nothing must not hurry the typing after it.
    keepAtOnce.current = false;
    if (sameDraft(draft, saved.current)) return;
    keepSoon(draft);
    if (atOnce) keepSoon.flush();
    else setTyping(true);
  }, [draft, keepSoon]);

  return {
    draft,
    setDraft,
    /** Set before a discrete act's change: it is kept as soon as it shows rather than after the typing pause. */
    keepAtOnce,
    keepSoon,
    /** When each value of the draft was recorded, for the chart's attributions. */
    keptTimes,
    /** Typing not yet kept, or a save handed to the outbox and not yet listed in it. */
    saving: typing || pendingSaves > 0,
    openedIso,
    serverVersionNow,
  };
}
