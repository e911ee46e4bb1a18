import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { mayDoToClients, type Role } from '@contract';
import { NotShown, withheld } from '@/components/signed-in/NotShown';
import { PanelCard } from '@/components/signed-in/PanelCard';
import { PlainList } from '@/components/signed-in/PlainList';
import { TintBadge } from '@/components/signed-in/TintBadge';
import { QueryState } from '@/components/QueryState';
import { formatDate, formatDateTime, useClock } from '@/lib/intl';
import { useOutbox } from '@/lib/outbox';
import type { Result } from '../api/changes';
import { clientResultsQueryOptions } from '../api/queries';
import type { PendingResult } from '../model/pending';
import { AttachLabReport } from './AttachLabReport';
import { ImportReportDialog } from './ImportReportDialog';
import { LabReportDownload } from './LabReportDownload';
import { LabValues } from './LabValues';
import { ReleaseDialog } from './ReleaseDialog';
import { ResultEntryDialog } from './ResultEntryDialog';

/** Which dialog is open, and for which booking. */
type Opened = { dialog: 'enter' | 'import'; booking: PendingResult | null } | null;

function StatusBadges({ result, releasing }: { result: Result; releasing: boolean }) {
  return (
    <Group gap={6}>
      {result.critical && <TintBadge color="red">Critical value</TintBadge>}
      {result.released ? (
        <TintBadge color="green">Released</TintBadge>
      ) : releasing ? (
        <TintBadge color="gray">Releasing: not yet on the server</TintBadge>
      ) : (
        <TintBadge color="yellow">Awaiting a doctor’s review</TintBadge>
      )}
    </Group>
  );
}

/** The partner tests booked whose result has not come yet; those who chart results enter or import one. */
function PendingTests({
  tests,
  canWrite,
  onOpen,
}: {
  tests: readonly PendingResult[];
  canWrite: boolean;
  onOpen: (dialog: 'enter' | 'import', booking: PendingResult) => void;
}) {
  const clock = useClock();
  return (
    <PlainList label="Tests waiting for a result" gap="xs">
      {tests.map((pending) => (
        <Group component="li" key={pending.appointment_id} justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm">
            <Text span fw={600}>
              {pending.test_name}
            </Text>
            , {formatDateTime(pending.starts_at, clock)}
          </Text>
          <Group gap="xs">
            <TintBadge color="gray">Result pending</TintBadge>
            {canWrite && (
              <>
                <Button
                  variant="subtle"
                  aria-label={`Enter the result of ${pending.test_name}, ${formatDateTime(pending.starts_at, clock)}`}
                  onClick={() => onOpen('enter', pending)}
                >
                  Enter
                </Button>
                <Button
                  variant="subtle"
                  aria-label={`Import the report of ${pending.test_name}, ${formatDateTime(pending.starts_at, clock)}`}
                  onClick={() => onOpen('import', pending)}
                >
                  Import
                </Button>
              </>
            )}
          </Group>
        </Group>
      ))}
    </PlainList>
  );
}

/** One result: its values against their ranges (or that they are not shown to the role), its report and release. */
function ResultCard({
  result,
  clientName,
  canWrite,
  canRelease,
  releasing,
  onRelease,
}: {
  result: Result;
  clientName: string;
  canWrite: boolean;
  canRelease: boolean;
  /** A release of it waits in the outbox. */
  releasing: boolean;
  onRelease: () => void;
}) {
  const clock = useClock();
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component="article"
      aria-label={`${result.test_name}, ${formatDate(result.collected_at, clock)}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600}>
            {result.test_name}, {formatDate(result.collected_at, clock)}
          </Text>
          <StatusBadges result={result} releasing={releasing} />
        </Group>
        {withheld(result, 'observations') ? (
          <Text size="sm">
            Values: <NotShown />
          </Text>
        ) : (
          <>
            <Text size="xs" c="dimmed">
              {[
                result.lab,
                result.source === 'imported' ? 'imported from the lab' : `entered by ${result.created_by_name}`,
                result.released_by_name && result.released_at
                  ? `released by ${result.released_by_name} on ${formatDate(result.released_at, clock)}`
                  : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            <LabValues
              observations={result.observations ?? []}
              label={`Values of ${result.test_name}, ${formatDate(result.collected_at, clock)}`}
            />
            {result.release_note && <Text size="sm">Note to the client: {result.release_note}</Text>}
            {(result.report || canWrite) && (
              <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
                {result.report && <LabReportDownload result={result} report={result.report} />}
                {canWrite && <AttachLabReport result={result} clientName={clientName} />}
              </Group>
            )}
            {canRelease && !result.released && !releasing && (
              <Group justify="flex-end">
                <Button onClick={onRelease}>Review and release</Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The client's lab results on their page, as the API answers them to the
 * person's role (openapi/access/: rules.ts, result-fields.ts): nurses and
 * doctors every result with its values, coaches and nutritionists the
 * released ones, reception only which tests have a result and whether it is
 * released, its values "Not shown to your role". The partner
 * tests waiting for a result are listed first; nurses and doctors enter or
 * import results and attach the lab's original report (PDF), doctors release
 * them; whoever reads the values downloads that report.
 */
export function ClientResultsPanel({
  clientId,
  clientName,
  role,
}: {
  clientId: string;
  clientName: string;
  role: Role;
}) {
  const results = useQuery(clientResultsQueryOptions(clientId));
  const { items } = useOutbox();
  const [opened, setOpened] = useState<Opened>(null);
  const [releasing, setReleasing] = useState<Result | null>(null);
  const canWrite = mayDoToClients(role, 'results.write');
  const canRelease = mayDoToClients(role, 'results.release');
  const unsentEntries = items.filter(
    (item) =>
      item.request.path === '/results' &&
      (item.request.body as { client_id?: string }).client_id?.toLowerCase() === clientId.toLowerCase(),
  ).length;
  const releaseWaiting = (id: string) =>
    items.some((item) => item.request.path === '/results/{id}/release' && item.request.pathParams.id === id);

  return (
    <PanelCard
      title="Lab results"
      actions={
        canWrite && (
          <Group gap="xs">
            <Button
              variant="light"
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setOpened({ dialog: 'enter', booking: null })}
            >
              Enter a result
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileImport size={18} aria-hidden />}
              onClick={() => setOpened({ dialog: 'import', booking: null })}
            >
              Import a lab report
            </Button>
          </Group>
        )
      }
    >
      <QueryState query={results} what="The lab results">
        {(data) => (
          <Stack gap="sm">
            {unsentEntries > 0 && (
              <Text size="sm" role="status">
                {unsentEntries === 1 ? 'A result entered here waits' : `${unsentEntries} results entered here wait`} to
                be sent.
              </Text>
            )}
            {data.pending.length > 0 && (
              <PendingTests
                tests={data.pending}
                canWrite={canWrite}
                onOpen={(dialog, booking) => setOpened({ dialog, booking })}
              />
            )}
            {data.results.length === 0 && data.pending.length === 0 && <Text size="sm">No lab results yet.</Text>}
            {data.results.map((result) => (
              <ResultCard
                key={result.id}
                result={result}
                clientName={clientName}
                canWrite={canWrite}
                canRelease={canRelease}
                releasing={releaseWaiting(result.id)}
                onRelease={() => setReleasing(result)}
              />
            ))}
          </Stack>
        )}
      </QueryState>
      {opened?.dialog === 'enter' && (
        <ResultEntryDialog
          clientId={clientId}
          clientName={clientName}
          booking={opened.booking}
          opened
          onClose={() => setOpened(null)}
        />
      )}
      {opened?.dialog === 'import' && (
        <ImportReportDialog
          clientId={clientId}
          clientName={clientName}
          booking={opened.booking}
          opened
          onClose={() => setOpened(null)}
        />
      )}
      <ReleaseDialog result={releasing} clientName={clientName} onClose={() => setReleasing(null)} />
    </PanelCard>
  );
}
