import { Alert, Button, Group, Loader } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { THERAPY_INFO, mayDoToClients, type Role } from '@contract';
import { PageFrame } from '@/components/PageFrame';
import { withheld } from '@/components/signed-in/NotShown';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { ButtonLink } from '@/components/RouterLinks';
import { clientTrail } from '@/lib/navigation';
import { fullName, profileOf, userDetailQueryOptions } from '@/features/people';
import { visitQueryOptions } from '../api/queries';
import { draftOfVisit } from '../model/draft';
import { visitScreenLink } from '../model/links';
import { PatientBanner } from './PatientBanner';
import { VisitRecord } from './VisitRecord';

/**
 * /client/discovery/{clientId}/visit/{visitId}: one visit as a record, with its addenda, ready to print; as much
 * of it as the viewer's role reads, and a way back to its chart for a role that charts it.
 */
export function VisitRecordPage({ clientId, visitId, role }: { clientId: string; visitId: string; role: Role }) {
  const clientName = fullName(profileOf(useSuspenseQuery(userDetailQueryOptions(clientId)).data).profile);
  const visit = useQuery(visitQueryOptions(visitId));
  const crumbs = [
    ...clientTrail(clientId, clientName),
    { label: visit.data ? THERAPY_INFO[visit.data.therapy].title : 'Visit' },
  ];
  const purpose = `${clientName}: the visit as charted, who entered each entry, the signature and its addenda.`;
  if (visit.isPending) {
    return (
      <PageFrame title={`Visit of ${clientName}`} crumbs={crumbs} purpose={purpose}>
        <Group justify="center" py="xl">
          <Loader role="progressbar" aria-label="Loading the visit" />
        </Group>
      </PageFrame>
    );
  }
  if (visit.isError) {
    return (
      <PageFrame title={`Visit of ${clientName}`} crumbs={crumbs} purpose={purpose}>
        <QueryErrorAlert title="The visit could not be loaded" query={visit} />
      </PageFrame>
    );
  }
  const data = visit.data;
  if (!data || data.client_id !== clientId) {
    return (
      <PageFrame title={`Visit of ${clientName}`} crumbs={crumbs} purpose={purpose}>
        <Alert color="gray" title="No such visit">
          This client has no visit at this address. It may not have reached the server yet.
        </Alert>
      </PageFrame>
    );
  }
  // A role that does not read the clinical record reads the visit's therapy, times and state.
  const shown = withheld(data, 'vitals') ? `${clientName}: the visit's therapy, times and state.` : purpose;
  return (
    <PageFrame title={THERAPY_INFO[data.therapy].title} crumbs={crumbs} purpose={shown}>
      <PatientBanner
        clientId={clientId}
        // The visit's own consent is part of the clinical record: for a role that reads it.
        therapyConsent={
          data.consent ? { therapy: data.therapy, given: data.consent.therapy_consent === true } : undefined
        }
      />
      <Group justify="flex-end" gap="sm" className="no-print">
        {data.state === 'draft' && mayDoToClients(role, 'visits.chart', data.therapy) && (
          <ButtonLink variant="light" {...visitScreenLink(data.therapy, clientId, visitId)}>
            Continue charting
          </ButtonLink>
        )}
        <Button variant="default" leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
          Print
        </Button>
      </Group>
      <VisitRecord visit={data} draft={draftOfVisit(data)} people={data.people} />
    </PageFrame>
  );
}
