import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import {
  OVERRIDE_ROLES,
  THERAPY_INFO,
  draftProblems,
  mayDoToClients,
  entriesById,
  profileSaysDiabetic,
  signingProblems,
  visitStopped,
} from '@contract';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TintBadge } from '@/components/signed-in/TintBadge';
import { PageFrame } from '@/components/PageFrame';
import { toastFailure, toastSuccess } from '@/components/toasts';
import { HUB_CRUMB, clientTrail } from '@/lib/navigation';
import { ClinicClock } from '@/features/clinics';
import { PersonClock, fullName, profileOf, userDetailQueryOptions } from '@/features/people';
import { dateOn, formatTime, todayOn, useClock } from '@/lib/intl';
import { useUnsentChanges, type OutboxItem } from '@/lib/outbox';
import type { SignedInUser } from '@/lib/auth/guards';
import { saveVisitDraft, signVisit } from '../api/changes';
import { visitRecord } from '../api/record';
import { visitQueryOptions } from '../api/queries';
import {
  draftOfVisit,
  newVisitDraft,
  problemsByPath,
  sameDraft,
  savableDraft,
  valueAt,
  withValueAt,
  type VisitDraft,
  type VisitTherapy,
} from '../model/draft';
import { AddendaSection } from './AddendaSection';
import { ConsentSection } from './ConsentSection';
import { NotesSection } from './NotesSection';
import { ReactionsSection } from './ReactionsSection';
import { ScreenSection } from './ScreenSection';
import { SignOff } from './SignOff';
import { TherapySection } from './TherapySection';
import { VisitRecord } from './VisitRecord';
import { VitalsSection } from './VitalsSection';
import { SaveState } from './SaveState';
import { VisitEditingContext, type VisitEditing } from './visit-context';

/** How long after the last keystroke the draft is kept (on this device first, then on the server). */
const AUTOSAVE_MS = 600;

function isSave(item: OutboxItem): boolean {
  return item.request.method === 'put';
}

function isSignOff(item: OutboxItem): boolean {
  return item.request.path.endsWith('/sign');
}

export interface VisitScreenProps {
  therapy: VisitTherapy;
  clientId: string;
  visitId: string;
  /** Who is charting. */
  user: Pick<SignedInUser, 'username' | 'role'>;
}

/**
 * /client/{therapy}/{clientId}/visit/{visitId}: a therapy visit charted at the
 * bay. The whole draft is kept as the nurse types (on this device at once,
 * on the server when it can be reached), shows who entered each value, and
 * survives a reload, an idle sign-out and a change of nurse. Signing locks it;
 * after that it is a record, corrected by addenda.
 */
export function VisitScreen(props: VisitScreenProps) {
  const visit = useQuery(visitQueryOptions(props.visitId)).data;
  // Every time of the chart is on the visit's clinic's clock; before the visit is known, the client's clinic's.
  return (
    <PersonClock userId={props.clientId}>
      <ClinicClock of={visit && { id: visit.clinic_id }}>
        <VisitChart {...props} />
      </ClinicClock>
    </PersonClock>
  );
}

function VisitChart({ therapy, clientId, visitId, user }: VisitScreenProps) {
  const link = useRouterState({ select: (state) => state.location.href });
  const client = useSuspenseQuery(userDetailQueryOptions(clientId)).data;
  const profile = profileOf(client).profile;
  const clientName = fullName(profile) || 'this client';
  const remote = useQuery(visitQueryOptions(visitId));
  const unsent = useUnsentChanges(visitRecord(visitId));
  const server = remote.data ?? null;
  const serverDraft = useMemo(() => (server ? draftOfVisit(server) : null), [server]);
  const lastSave = unsent.filter(isSave).at(-1);
  const signing = unsent.find(isSignOff);
  const kept = useMemo(() => (lastSave ? (lastSave.request.body as VisitDraft) : serverDraft), [lastSave, serverDraft]);

  if (server && (server.therapy !== therapy || server.client_id !== clientId)) {
    return (
      <PageFrame title={THERAPY_INFO[therapy].title} crumbs={[HUB_CRUMB, { label: 'Visit' }]} purpose="">
        <Alert color="red" title="This is another visit">
          This address belongs to a {THERAPY_INFO[server.therapy].title.toLowerCase()} of {server.client_name}.
        </Alert>
      </PageFrame>
    );
  }
  if (remote.isPending && !kept) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading the visit" />
      </Group>
    );
  }

  const crumbs = [...clientTrail(clientId, clientName), { label: THERAPY_INFO[therapy].title }];
  const signed = server?.state === 'signed';
  const hipaaConsent = profile.hipaa_consent === true;
  // Who charts, signs and corrects is the contract's table (the route sends the other roles to the record).
  const charts = mayDoToClients(user.role, 'visits.chart', therapy);
  const signs = mayDoToClients(user.role, 'visits.sign', therapy);

  // A signed visit is a record; so is a draft for a role that does not chart it.
  if ((signed || !charts) && server && serverDraft) {
    return (
      <PageFrame
        title={THERAPY_INFO[therapy].title}
        crumbs={crumbs}
        purpose={`${clientName}: ${signed ? 'a signed visit, locked. Corrections are added as addenda.' : 'a visit being charted by a nurse or a doctor.'}`}
      >
        <Group justify="flex-end" className="no-print">
          <Button variant="default" leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
            Print
          </Button>
        </Group>
        <VisitRecord visit={server} draft={serverDraft} people={server.people} />
        {signed && signs && <AddendaSection visitId={visitId} clientName={clientName} unsent={unsent} link={link} />}
      </PageFrame>
    );
  }
  if (!charts) {
    return (
      <PageFrame title={THERAPY_INFO[therapy].title} crumbs={crumbs} purpose={`${clientName}: a visit.`}>
        <Alert color="orange" variant="light" title="This visit is not on this device">
          It opens when the network is back.
        </Alert>
      </PageFrame>
    );
  }

  return (
    <PageFrame
      title={THERAPY_INFO[therapy].title}
      crumbs={crumbs}
      purpose={`${clientName}: consent and contraindication screen, vitals before, during and after, the session, reactions and notes, then sign-off.`}
    >
      {remote.isError && !kept && (
        <Alert color="orange" variant="light" title="This visit is not on this device">
          It opens when the network is back. If it is a new visit, start charting: it is kept here and sent later.
        </Alert>
      )}
      <VisitEditor
        key={visitId}
        therapy={therapy}
        clientId={clientId}
        clientName={clientName}
        visitId={visitId}
        user={user}
        link={link}
        kept={kept}
        serverDraft={serverDraft}
        createdAt={server?.created_at ?? null}
        attributions={server?.attributions ?? {}}
        people={server?.people ?? {}}
        unsent={unsent}
        signing={signing ?? null}
        maySign={signs}
        hipaaConsent={hipaaConsent}
        diabetic={profileSaysDiabetic(profile.lifestyle_history)}
      />
    </PageFrame>
  );
}

interface EditorProps {
  therapy: VisitTherapy;
  clientId: string;
  clientName: string;
  visitId: string;
  user: Pick<SignedInUser, 'username' | 'role'>;
  link: string;
  /** The draft as kept: the last unsent save, else the server's. */
  kept: VisitDraft | null;
  serverDraft: VisitDraft | null;
  /** When the visit was started on the server (null while it is not there): its day is the chart's. */
  createdAt: string | null;
  attributions: Readonly<Record<string, { by: string; at: string }>>;
  people: Readonly<Record<string, string>>;
  unsent: readonly OutboxItem[];
  signing: OutboxItem | null;
  /** The person's role signs this therapy's visits. */
  maySign: boolean;
  hipaaConsent: boolean;
  diabetic: boolean;
}

function VisitEditor(props: EditorProps) {
  const { therapy, clientId, visitId, user, serverDraft, unsent, signing } = props;
  const queryClient = useQueryClient();
  const clinicClock = useClock();
  const serverVersionNow = () => queryClient.getQueryData(visitQueryOptions(visitId).queryKey)?.version ?? null;
  const [draft, setDraft] = useState<VisitDraft>(() => props.kept ?? newVisitDraft(therapy, clientId, null));
  /** The draft as last kept by this screen (or found kept): typing that differs from it is not saved yet. */
  const saved = useRef<VisitDraft>(draft);
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
  }, [props.kept, hasUnsent]);

  const keep = (next: VisitDraft) => {
    const clock = { today: todayOn(clinicClock), now: new Date() };
    const savable = savableDraft(next, saved.current, draftProblems(next, clock));
    setTyping(false);
    if (sameDraft(savable, saved.current)) return;
    const before = props.kept;
    saved.current = savable;
    keeping.current += 1;
    setPendingSaves((count) => count + 1);
    saveVisitDraft({
      visitId,
      draft: savable,
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

  useEffect(() => {
    // Leaving the page (a reload, the tab closed, the tablet locked) keeps what was typed.
    const flush = () => keepSoon.flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flush);
    };
  }, [keepSoon]);

  const update = (path: string, value: unknown) => setDraft((current) => withValueAt(current, path, value));
  // Each change of the draft is kept shortly after the last keystroke.
  useEffect(() => {
    if (sameDraft(draft, saved.current)) return;
    setTyping(true);
    keepSoon(draft);
  }, [draft, keepSoon]);

  const clock = { today: todayOn(clinicClock), now: new Date() };
  const problems = problemsByPath(draftProblems(draft, clock));
  const missing = signingProblems(draft, { hipaaConsent: props.hipaaConsent, diabetic: props.diabetic });
  const readOnly = signing !== null;
  const serverEntries = useMemo(
    () => (serverDraft ? entriesById(serverDraft) : new Map<string, unknown>()),
    [serverDraft],
  );
  const attribution = (key: string): ReactNode => {
    const own = key.includes('.') ? valueAt(draft, key) : entriesById(draft).get(key);
    const onServer = key.includes('.') ? valueAt(serverDraft, key) : serverEntries.get(key);
    const stamp = props.attributions[key];
    if (own !== undefined && own !== null && JSON.stringify(own) !== JSON.stringify(onServer ?? null)) {
      return 'You · not yet on the server';
    }
    if (!stamp) return null;
    return `${stamp.by === user.username ? 'You' : (props.people[stamp.by] ?? 'Staff')} · ${formatTime(stamp.at, clinicClock)}`;
  };
  const editing: VisitEditing = {
    draft,
    update,
    problems,
    readOnly,
    stopped: visitStopped(draft),
    attribution,
    day: props.createdAt ? dateOn(props.createdAt, clinicClock) : todayOn(clinicClock),
    mayOverride: OVERRIDE_ROLES.includes(user.role),
  };

  const sign = async () => {
    keepSoon.flush();
    try {
      await signVisit({
        visitId,
        therapy,
        version: serverVersionNow(),
        clientName: props.clientName,
        link: props.link,
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

  return (
    <VisitEditingContext.Provider value={editing}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <SaveState saving={typing || pendingSaves > 0} unsent={unsent} onServer={serverDraft !== null} />
          {signing && (
            <TintBadge color={signing.state === 'failed' ? 'red' : 'teal'} size="lg">
              {signing.state === 'failed'
                ? `Sign-off refused: ${signing.reason ?? ''}`
                : 'Signed on this device · not yet on the server'}
            </TintBadge>
          )}
        </Group>
        <ConsentSection hipaaConsent={props.hipaaConsent} therapy={THERAPY_INFO[therapy].inSentence} />
        <ScreenSection />
        <VitalsSection />
        <TherapySection />
        <ReactionsSection />
        <NotesSection />
        {!readOnly && props.maySign && <SignOff draft={draft} missing={missing} onSign={sign} />}
      </Stack>
    </VisitEditingContext.Provider>
  );
}
