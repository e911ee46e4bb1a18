import { Group, Stack } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { OVERRIDE_ROLES, THERAPY_INFO, draftProblems, plausibilityWarnings, signingProblems } from '@contract';
import { useCreateStore } from '@tanstack/react-store';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useGrowingList } from '@/components/progressive-render';
import { TintBadge } from '@/components/signed-in/TintBadge';
import { toastFailure, toastSuccess } from '@/components/toasts';
import { serverClockOffset } from '@/lib/api';
import { useClock } from '@/lib/intl';
import type { OutboxItem } from '@/lib/outbox';
import type { SignedInUser } from '@/lib/auth/guards';
import { saveVisitDraft, signVisit, type SignatureGiven } from '../api/changes';
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
import { ConsentSection } from './ConsentSection';
import { NotesSection } from './NotesSection';
import { ReactionsSection } from './ReactionsSection';
import { SaveState } from './SaveState';
import { ScreenSection } from './ScreenSection';
import { SignOff } from './SignOff';
import { TherapySection } from './TherapySection';
import { VitalsSection } from './VitalsSection';
import { useChartEditing } from './useChartEditing';
import { VisitEditingContext, type ChartState } from './visit-context';

/*
 * The chart's parts in reading order: the first at once, then one more in each background render. A whole chart is
 * one long task on a slow tablet; the save line and the consent show in a fraction of it, and the nurse can start
 * while the rest follows.
 */
const CHART_PARTS = ['consent', 'screen', 'vitals', 'therapy', 'reactions', 'notes', 'sign-off'] as const;
const FIRST_PARTS = 1;

/** How long after the last keystroke the draft is kept (on this device first, then on the server). */
const AUTOSAVE_MS = 600;

export interface EditorProps {
  therapy: VisitTherapy;
  clientId: string;
  clientName: string;
  visitId: string;
  user: Pick<SignedInUser, 'username' | 'role'>;
  link: string;
  /** The draft as kept: the last unsent save, else the server's. */
  kept: VisitDraft | null;
  serverDraft: VisitDraft | null;
  /** The visit as the server has it (null while it is not there). */
  server: Pick<Visit, 'opened_at' | 'planned_minutes' | 'attributions' | 'people'> | null;
  unsent: readonly OutboxItem[];
  signing: OutboxItem | null;
  /** The person's role signs this therapy's visits. */
  maySign: boolean;
  hipaaConsent: boolean;
  diabetic: boolean;
}

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

/**
 * A visit being charted: the whole draft kept shortly after each change, on
 * this device at once and on the server when it can be reached, every entry
 * and field timed by this device as it is kept (the observation's time, which
 * an entry made offline keeps), and signed once complete, its warnings
 * answered and the signer re-authenticated.
 */
export function VisitEditor(props: EditorProps) {
  const { therapy, clientId, visitId, user, serverDraft, unsent, signing, server } = props;
  const queryClient = useQueryClient();
  const clinicClock = useClock();
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

  // The checks read the clock: run again with each change of the draft, not with every render of the screen.
  const problemList = useMemo(
    () => draftProblems(draft, chartCheckClock(clinicClock, openedIso)),
    [draft, clinicClock, openedIso],
  );
  // What the checks refuse stays on screen and is not kept: the line above the chart must not call it saved.
  const heldBack = problemList.length > 0 && !sameDraft(savableDraft(draft, props.kept ?? draft, problemList), draft);
  const missing = signingProblems(draft, { hipaaConsent: props.hipaaConsent, diabetic: props.diabetic });
  const plannedMinutes = server?.planned_minutes ?? null;
  const warnings = useMemo(() => plausibilityWarnings(draft, { plannedMinutes }), [draft, plannedMinutes]);
  const readOnly = signing !== null;

  const editing = useChartEditing({
    draft,
    setDraft,
    keepAtOnceRef: keepAtOnce,
    problemList,
    warnings,
    readOnly,
    server,
    serverDraft,
    keptTimes,
    username: user.username,
    clock: clinicClock,
    openedIso,
    mayOverride: OVERRIDE_ROLES.includes(user.role),
  });

  // The sections read the chart from a store, each drawn again only when its own part changes (visit-context.ts):
  // an entry added to the vitals redraws the vitals, not the whole chart, before it is kept.
  const chartState = useMemo(
    (): ChartState => ({ editing, serverDraft, keptTimes, server }),
    [editing, serverDraft, keptTimes, server],
  );
  const chartStore = useCreateStore(chartState);
  useLayoutEffect(() => {
    chartStore.setState(() => chartState);
  }, [chartStore, chartState]);

  const sign = async (signature: SignatureGiven) => {
    keepSoon.flush();
    try {
      await signVisit({
        visitId,
        therapy,
        version: serverVersionNow(),
        clientName: props.clientName,
        link: props.link,
        signature,
      });
      toastSuccess(
        navigator.onLine
          ? 'The visit is signed and locked.'
          : 'The visit is signed on this device and locked; the signature reaches the server when the network is back.',
      );
    } catch {
      toastFailure('The sign-off could not be kept on this device. Please try again.', 'Not signed');
    }
  };

  const shownParts = useGrowingList(CHART_PARTS, FIRST_PARTS, 1);
  const hipaaConsent = props.hipaaConsent;
  // Drawn again only when what they read changes: see `editing`.
  const chart = useMemo(() => {
    const shown = new Set(shownParts);
    return (
      <>
        <ConsentSection hipaaConsent={hipaaConsent} therapy={THERAPY_INFO[therapy].inSentence} />
        {shown.has('screen') && <ScreenSection />}
        {shown.has('vitals') && <VitalsSection />}
        {shown.has('therapy') && <TherapySection />}
        {shown.has('reactions') && <ReactionsSection />}
        {shown.has('notes') && <NotesSection />}
      </>
    );
  }, [shownParts, hipaaConsent, therapy]);

  return (
    <VisitEditingContext.Provider value={chartStore}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <SaveState
            saving={typing || pendingSaves > 0}
            heldBack={heldBack}
            unsent={unsent}
            onServer={serverDraft !== null}
          />
          {signing && (
            <TintBadge color={signing.state === 'failed' ? 'red' : 'teal'} size="lg">
              {signing.state === 'failed'
                ? `Sign-off refused: ${signing.reason ?? ''}`
                : 'Signed on this device · not yet on the server'}
            </TintBadge>
          )}
        </Group>
        {chart}
        {shownParts.includes('sign-off') && !readOnly && props.maySign && (
          <SignOff draft={draft} missing={missing} warnings={warnings} user={user} onSign={sign} />
        )}
      </Stack>
    </VisitEditingContext.Provider>
  );
}
