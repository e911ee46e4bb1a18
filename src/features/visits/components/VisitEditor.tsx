import { Group, Stack } from '@mantine/core';
import { OVERRIDE_ROLES, THERAPY_INFO, draftProblems, plausibilityWarnings, signingProblems } from '@contract';
import { useCreateStore } from '@tanstack/react-store';
import { useLayoutEffect, useMemo } from 'react';
import { useGrowingList } from '@/components/progressive-render';
import { TintBadge } from '@/components/signed-in/TintBadge';
import { toastFailure, toastSuccess } from '@/components/toasts';
import { useClock } from '@/lib/intl';
import type { OutboxItem } from '@/lib/outbox';
import type { SignedInUser } from '@/lib/auth/guards';
import { signVisit, type SignatureGiven } from '../api/changes';
import { sameDraft, savableDraft, type Visit, type VisitDraft } from '../model/draft';
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
import { useDraftKeeping, type ChartBeingKept } from './useDraftKeeping';
import { VisitEditingContext, type ChartState } from './visit-context';

/*
 * The chart's parts in reading order: the first at once, then one more in each background render. A whole chart is
 * one long task on a slow tablet; the save line and the consent show in a fraction of it, and the nurse can start
 * while the rest follows.
 */
const CHART_PARTS = ['consent', 'screen', 'vitals', 'therapy', 'reactions', 'notes', 'sign-off'] as const;
const FIRST_PARTS = 1;

export interface EditorProps extends ChartBeingKept {
  user: Pick<SignedInUser, 'username' | 'role'>;
  serverDraft: VisitDraft | null;
  /** The visit as the server has it (null while it is not there). */
  server: Pick<Visit, 'opened_at' | 'planned_minutes' | 'attributions' | 'people'> | null;
  signing: OutboxItem | null;
  /** The person's role signs this therapy's visits. */
  maySign: boolean;
  hipaaConsent: boolean;
  diabetic: boolean;
}

/**
 * A visit being charted: the whole draft kept shortly after each change, on
 * this device at once and on the server when it can be reached, every entry
 * and field timed by this device as it is kept (the observation's time, which
 * an entry made offline keeps), and signed once complete, its warnings
 * answered and the signer re-authenticated.
 */
export function VisitEditor(props: EditorProps) {
  const { therapy, visitId, user, serverDraft, unsent, signing, server } = props;
  const clinicClock = useClock();
  const { draft, setDraft, keepAtOnce, keepSoon, keptTimes, saving, openedIso, serverVersionNow } = useDraftKeeping(
    props,
    clinicClock,
  );

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
          <SaveState saving={saving} heldBack={heldBack} unsent={unsent} onServer={serverDraft !== null} />
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
