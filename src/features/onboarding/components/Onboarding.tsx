import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { profileOf, userDetailQueryOptions } from '@/features/people';
import { ONBOARDING_STEPS, SAVE_MESSAGES, onboardingProgress, profileRecord } from '@/features/profiles';
import { useUnsentChanges, withUnsentChanges } from '@/lib/outbox';
import { useOnline } from '@/pwa/connection';
import { useOnboardingSteps } from '../model/useOnboardingSteps';
import { OnboardingProgressLine, OnboardingStepList, OnboardingSummary } from './OnboardingParts';
import { FamilyStep, LifestyleStep, TextStep, type StepActions } from './StepForms';

/**
 * /user/thrive-onboard/{clientId}: the client's goals, story, lifestyle and
 * family history, one step at a time. Each step is saved to the profile
 * through the outbox as the client moves on (kept on the device offline, and
 * across a reload or a sign-out, until the server has it); the page opens at
 * the first step not done.
 */
export function Onboarding({ clientId }: { clientId: string }) {
  const { data } = useSuspenseQuery(userDetailQueryOptions(clientId));
  const shown = profileOf(data);
  const record = profileRecord(clientId);
  const unsent = useUnsentChanges(record);
  const profile = withUnsentChanges(shown.profile, unsent, record);
  const progress = onboardingProgress(profile);
  const { at, goTo: setAt, saving, save } = useOnboardingSteps(profile);
  const online = useOnline();

  if (shown.isPlaceholder) {
    return (
      <Alert color="yellow" variant="light" title="Your profile is not set up yet">
        The clinic sets up your profile before onboarding can start. Please contact the clinic.
      </Alert>
    );
  }

  const progressLine = <OnboardingProgressLine progress={progress} unsent={unsent.length > 0} online={online} />;

  if (at === 'summary') {
    return (
      <OnboardingSummary
        clientId={clientId}
        profile={profile}
        progress={progress}
        progressLine={progressLine}
        onChange={setAt}
      />
    );
  }

  const step = ONBOARDING_STEPS[at]!;
  const last = at === ONBOARDING_STEPS.length - 1;
  const actions: StepActions = {
    onBack: at > 0 ? () => setAt(at - 1) : null,
    onSkip: last ? () => setAt('summary') : () => setAt(at + 1),
    saveLabel: last ? 'Save and finish' : 'Save and continue',
    saving,
  };
  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          {progressLine}
          <OnboardingStepList profile={profile} at={at} onOpen={setAt} />
        </Stack>
      </Card>
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="onboarding-step">
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              Step {at + 1} of {ONBOARDING_STEPS.length}
            </Text>
            <Title order={2} size="h3" id="onboarding-step">
              {step.title}
            </Title>
            <Text size="sm">{step.prompt}</Text>
            {!online && (
              <Text size="sm" fw={500} role="status">
                {SAVE_MESSAGES.offlineNotice}
              </Text>
            )}
          </Stack>
          {step.field === 'health_goals' || step.field === 'client_story' ? (
            <TextStep
              key={step.field}
              field={step.field}
              label={step.title}
              initial={profile[step.field] ?? null}
              onSave={(value) => void save(at, step.field, value)}
              actions={actions}
            />
          ) : step.field === 'lifestyle_history' ? (
            <LifestyleStep
              initial={profile.lifestyle_history ?? {}}
              onSave={(value) => void save(at, 'lifestyle_history', value)}
              actions={actions}
            />
          ) : (
            <FamilyStep
              initial={profile.family_history ?? {}}
              onSave={(value) => void save(at, 'family_history', value)}
              actions={actions}
            />
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
