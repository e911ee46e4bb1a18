import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RISK_CATEGORY_LABELS } from '@contract';
import {
  CognitiveHistory,
  CognitiveResultCard,
  NotADiagnosis,
  Who5Attribution,
  Who5History,
  clientAssessmentsQueryOptions,
  useShownResults,
} from '@/features/assessments';
import { ClientAdvice, ClientLabReports } from '@/features/results';
import { dateOn, formatDate, todayOn, useClock } from '@/lib/intl';
import { periodStart, showsKind, withinPeriod, type ReportsSearch } from '../model/report-filter';
import { ReportsFilter } from './ReportsFilter';
import { signedVisitsQueryOptions } from '../api/queries';
import { VisitSummaryCard } from './VisitSummaryCard';
import './reports-print.css';
import { Term } from '@/components/signed-in/Term';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id} className="report-section">
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="md">
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Card>
  );
}

/**
 * /user/reports/{clientId}: what the clinic has recorded with the client:
 * lab results a doctor released (and the tests still pending), the care
 * team's advice to follow, signed visit summaries (never a draft), Thrive checks and cognitive results
 * over time, and a cardiovascular risk result once staff shared it. The page
 * prints as a clean document (or saves as a PDF from the print dialog).
 */
export function Reports({
  clientId,
  search,
  onSearchChange,
}: {
  clientId: string;
  search: ReportsSearch;
  onSearchChange: (next: ReportsSearch) => void;
}) {
  const clock = useClock();
  const since = periodStart(search, todayOn(clock));
  const inPeriod = (at: string) => withinPeriod(since, dateOn(at, clock));
  const { data: visits } = useSuspenseQuery(signedVisitsQueryOptions(clientId));
  const { data: checks } = useSuspenseQuery(clientAssessmentsQueryOptions(clientId, 'who5'));
  const { data: runs } = useSuspenseQuery(clientAssessmentsQueryOptions(clientId, 'cognitive'));
  const { data: risks } = useSuspenseQuery(clientAssessmentsQueryOptions(clientId, 'cardiovascular_risk'));
  const shownChecks = useShownResults(checks.results, clientId, 'who5').filter((check) => inPeriod(check.taken_at));
  const allRuns = useShownResults(runs.results, clientId, 'cognitive');
  // The baseline is what later runs are read against, whenever it was taken.
  const baseline = allRuns.find((run) => run.baseline);
  const shownRuns = allRuns.filter((run) => inPeriod(run.taken_at));
  const risk = risks.results.find((result) => inPeriod(result.taken_at));
  const shownVisits = visits.results.filter((visit) => inPeriod(visit.signed_at ?? visit.created_at));
  const none = since === null ? '' : ' in this period';

  return (
    <Stack gap="xl">
      <Group justify="space-between" gap="sm" wrap="wrap" className="report-no-print">
        <Text size="sm" c="dimmed">
          As of {formatDate(new Date(), clock)}
        </Text>
        <Button variant="light" leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
          Print or save as PDF
        </Button>
      </Group>
      <ReportsFilter search={search} onSearchChange={onSearchChange} />

      {showsKind(search, 'labs') && (
        <Section id="report-labs" title="Lab results">
          <ClientLabReports clientId={clientId} since={since} />
        </Section>
      )}

      {showsKind(search, 'advice') && (
        <Section id="report-advice" title="Advice from your care team">
          <ClientAdvice clientId={clientId} since={since} />
        </Section>
      )}

      {showsKind(search, 'visits') && (
        <Section id="report-visits" title="Your visits">
          {shownVisits.length === 0 ? (
            <Empty>
              {since === null
                ? 'No visit summaries yet. Each therapy visit shows here once the clinic has signed it.'
                : 'No visits in this period.'}
            </Empty>
          ) : (
            <Stack gap="sm">
              {shownVisits.map((visit) => (
                <VisitSummaryCard key={visit.id} summary={visit} />
              ))}
              {visits.truncated && (
                <Text size="sm" c="dimmed">
                  Older visits are not listed here; ask the clinic for your full record.
                </Text>
              )}
            </Stack>
          )}
        </Section>
      )}

      {showsKind(search, 'wellbeing') && (
        <Section id="report-wellbeing" title="Thrive check">
          {shownChecks.length === 0 ? (
            <Empty>No Thrive checks{none || ' yet'}.</Empty>
          ) : (
            <>
              <Who5History results={shownChecks} />
              <Who5Attribution />
            </>
          )}
        </Section>
      )}

      {showsKind(search, 'cognitive') && (
        <Section id="report-cognitive" title="Cognitive results">
          {shownRuns.length === 0 ? (
            <Empty>No cognitive results{none || ' yet'}.</Empty>
          ) : (
            <>
              <CognitiveResultCard result={shownRuns[0]!} baseline={baseline} heading="Latest results" />
              {shownRuns.length > 1 && <CognitiveHistory results={shownRuns} />}
              <NotADiagnosis />
            </>
          )}
        </Section>
      )}

      {showsKind(search, 'heart') && (
        <Section id="report-heart" title="Heart health">
          {!risk?.cardiovascular_risk_result ? (
            <Empty>
              {since === null
                ? 'Your care team has not shared a cardiovascular risk result with you yet.'
                : 'No cardiovascular risk result was shared with you in this period.'}
            </Empty>
          ) : (
            <Card withBorder radius="lg" padding="md" className="report-block">
              <Stack gap="xs">
                <Text size="sm">
                  Your 10-year cardiovascular risk, as {risk.created_by_name} shared it on{' '}
                  {formatDate(risk.taken_at, clock)}
                  (Framingham risk score, D’Agostino 2008):
                </Text>
                <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
                  {[
                    ['10-year risk', `${risk.cardiovascular_risk_result.risk_percentage} %`],
                    ['Category', RISK_CATEGORY_LABELS[risk.cardiovascular_risk_result.category]],
                    ['Points', String(risk.cardiovascular_risk_result.points)],
                  ].map(([label, value]) => (
                    <Term key={label} label={label} stat>
                      {value}
                    </Term>
                  ))}
                </SimpleGrid>
                <Text size="sm" c="dimmed">
                  The chance of heart disease or stroke in the next 10 years for people with the same readings. Your
                  care team will talk it through with you.
                </Text>
              </Stack>
            </Card>
          )}
        </Section>
      )}
    </Stack>
  );
}
