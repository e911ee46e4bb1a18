import { Alert, Button, Group, Loader } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { THERAPY_INFO, mayDoToClients, profileSaysDiabetic } from '@contract';
import { useMemo } from 'react';
import { PageFrame } from '@/components/PageFrame';
import { HUB_CRUMB, clientTrail } from '@/lib/navigation';
import { ClinicClock } from '@/features/clinics';
import { PersonClock, fullName, profileOf, userDetailQueryOptions } from '@/features/people';
import { useUnsentChanges } from '@/lib/outbox';
import type { SignedInUser } from '@/lib/auth/guards';
import { visitRecord } from '../api/record';
import { visitQueryOptions } from '../api/queries';
import { draftOfVisit, type VisitDraft, type VisitTherapy } from '../model/draft';
import { AddendaSection } from './AddendaSection';
import { PatientBanner } from './PatientBanner';
import { isSave, isSignOff } from './SaveState';
import { VisitEditor } from './VisitEditor';
import { VisitRecord } from './VisitRecord';

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
        <Loader role="progressbar" aria-label="Loading the visit" />
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
        <PatientBanner
          clientId={clientId}
          therapyConsent={{ therapy, given: serverDraft.consent?.therapy_consent === true }}
        />
        <Group justify="flex-end" className="no-print">
          <Button variant="default" leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
            Print
          </Button>
        </Group>
        <VisitRecord visit={server} draft={serverDraft} people={server.people} />
        {signed && signs && (
          <AddendaSection visitId={visitId} clientName={clientName} unsent={unsent} link={link} user={user} />
        )}
      </PageFrame>
    );
  }
  if (!charts) {
    return (
      <PageFrame title={THERAPY_INFO[therapy].title} crumbs={crumbs} purpose={`${clientName}: a visit.`}>
        <PatientBanner clientId={clientId} />
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
      <PatientBanner clientId={clientId} therapyConsent={{ therapy, given: kept?.consent?.therapy_consent === true }} />
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
        server={server}
        unsent={unsent}
        signing={signing ?? null}
        maySign={signs}
        hipaaConsent={hipaaConsent}
        diabetic={profileSaysDiabetic(profile.lifestyle_history)}
      />
    </PageFrame>
  );
}
