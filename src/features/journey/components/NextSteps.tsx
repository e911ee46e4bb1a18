import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrain, IconChecklist, IconHeartbeat, IconPhoneCall, IconSparkles } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { clientAppointmentsQueryOptions } from '@/features/appointments';
import { clientAssessmentsQueryOptions, useShownResults } from '@/features/assessments';
import { onboardingProgress, profileRecord } from '@/features/profiles';
import { profileOf, userDetailQueryOptions } from '@/features/people';
import { TouchLink } from '@/components/RouterLinks';
import { useUnsentChanges, withUnsentChanges } from '@/lib/outbox';
import { nextSteps, type NextStepKey } from '../model/next-steps';
import { useClock } from '@/lib/intl';
import { portalLink, type PortalScreen } from '@/lib/navigation';
import { PanelCard } from '@/components/signed-in/PanelCard';

const ICONS: Readonly<Record<NextStepKey, ReactNode>> = {
  onboarding: <IconChecklist size={22} aria-hidden />,
  'intake-call': <IconPhoneCall size={22} aria-hidden />,
  'thrive-check': <IconHeartbeat size={22} aria-hidden />,
  'cognitive-baseline': <IconBrain size={22} aria-hidden />,
};

/** The portal screen where each task is done. */
const SCREEN_OF: Readonly<Record<NextStepKey, PortalScreen>> = {
  onboarding: 'thrive-onboard',
  'intake-call': 'intake-call',
  'thrive-check': 'thrive-check',
  'cognitive-baseline': 'cognitive-assessment',
};

/**
 * 'What to do next' on the client's home: finish onboarding, book the intake
 * call, take the Thrive check when due, set the cognitive baseline. Read from
 * the profile, appointments and results this device holds (with the client's
 * own unsent answers), so it works offline; a task whose state is not known
 * yet waits for the network rather than nag.
 */
export function NextSteps({ clientId }: { clientId: string }) {
  const { data } = useSuspenseQuery(userDetailQueryOptions(clientId));
  const clock = useClock();
  const record = profileRecord(clientId);
  const unsent = useUnsentChanges(record);
  const profile = withUnsentChanges(profileOf(data).profile, unsent, record);
  const appointments = useQuery(clientAppointmentsQueryOptions(clientId));
  const checks = useQuery(clientAssessmentsQueryOptions(clientId, 'who5'));
  const runs = useQuery(clientAssessmentsQueryOptions(clientId, 'cognitive'));
  const shownChecks = useShownResults(checks.data?.results ?? [], clientId, 'who5');
  const shownRuns = useShownResults(runs.data?.results ?? [], clientId, 'cognitive');

  const steps = nextSteps(
    {
      onboarding: onboardingProgress(profile),
      lastThriveCheck: checks.data || shownChecks.length > 0 ? (shownChecks[0]?.taken_at ?? null) : undefined,
      appointments: appointments.data?.results ?? null,
      hasBaseline: runs.data || shownRuns.length > 0 ? shownRuns.some((run) => run.baseline) : null,
    },
    new Date(),
    clock,
  );
  const waiting = [appointments, checks, runs].some((query) => query.isPending);
  const failed = [appointments, checks, runs].some((query) => query.isError && !query.data);

  return (
    <PanelCard title="What to do next" gap="sm">
      {steps.length === 0 && !waiting && !failed ? (
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size={40} radius="xl" aria-hidden>
            <IconSparkles size={22} />
          </ThemeIcon>
          <Text size="sm">You are all set for now. We will show your next Thrive check here when it is due.</Text>
        </Group>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Your to-do list">
          {steps.map((step) => (
            <Group component="li" key={step.key} gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" size={40} radius="xl" aria-hidden>
                {ICONS[step.key]}
              </ThemeIcon>
              <Stack gap={0} miw={0}>
                <TouchLink fw={700} {...portalLink(SCREEN_OF[step.key], clientId)}>
                  {step.title}
                </TouchLink>
                <Text size="sm" c="dimmed">
                  {step.why}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
      {(waiting || failed) && (
        <Text size="sm" c="dimmed" role="status">
          {failed
            ? 'Some of your to-dos could not be loaded just now; they show here once the clinic can be reached.'
            : 'Checking your appointments and results…'}
        </Text>
      )}
    </PanelCard>
  );
}
