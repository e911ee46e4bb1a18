import { Alert, Badge, Button, Card, Group, Progress, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { describeFamily, describeLifestyle, historyText, type ProfilePatch } from '@contract';
import { ButtonLink } from '@/components/RouterLinks';
import { toastFailure } from '@/components/toasts';
import { SAVE_MESSAGES, profileRecord, sameValue, saveProfileChange } from '@/features/profiles';
import { profileOf, userDetailQueryOptions } from '@/features/people';
import { useUnsentChanges, withUnsentChanges } from '@/lib/outbox';
import { useOnline } from '@/pwa/connection';
import { ONBOARDING_STEPS, onboardingProgress, stepDone, type OnboardingField } from '@/features/profiles';
import { FamilyStep, LifestyleStep, TextStep, type StepActions } from './StepForms';
import { useHere } from '@/components/useHere';
import { TOUCH_TARGET } from '@/config/touch';

function answerSummary(field: OnboardingField, profile: Pick<ProfilePatch, OnboardingField>): string {
  switch (field) {
    case 'health_goals':
      return profile.health_goals ?? '';
    case 'client_story':
      return profile.client_story ?? '';
    case 'lifestyle_history':
      return historyText(describeLifestyle(profile.lifestyle_history ?? {}));
    case 'family_history':
      return historyText(describeFamily(profile.family_history ?? {}));
  }
}

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
  const [at, setAt] = useState<number | 'summary'>(() => progress.firstOpen ?? 'summary');
  const [saving, setSaving] = useState(false);
  const online = useOnline();
  const here = useHere();

  if (shown.isPlaceholder) {
    return (
      <Alert color="yellow" variant="light" title="Your profile is not set up yet">
        The clinic sets up your profile before onboarding can start. Please contact the clinic.
      </Alert>
    );
  }

  /** After a step: the next one not done, else the summary. */
  function nextAfter(index: number, answered: Record<string, unknown>): number | 'summary' {
    const after = { ...profile, ...answered };
    const open = ONBOARDING_STEPS.findIndex((step, i) => i > index && !stepDone(step.field, after));
    if (open !== -1) return open;
    const earlier = ONBOARDING_STEPS.findIndex((step) => !stepDone(step.field, after));
    return earlier !== -1 ? earlier : 'summary';
  }

  async function save(index: number, field: OnboardingField, value: unknown): Promise<void> {
    const changes = { [field]: value } as ProfilePatch;
    if (sameValue(profile[field], value)) {
      setAt(nextAfter(index, changes));
      return;
    }
    setSaving(true);
    try {
      await saveProfileChange({ profile, changes, link: here() });
      setAt(nextAfter(index, changes));
      window.scrollTo({ top: 0 });
    } catch {
      toastFailure(SAVE_MESSAGES.notKept);
    } finally {
      setSaving(false);
    }
  }

  const stepList = (
    <Stack component="ol" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Onboarding steps">
      {ONBOARDING_STEPS.map((step, index) => {
        const done = stepDone(step.field, profile);
        const current = at === index;
        return (
          <li key={step.field}>
            <UnstyledButton
              onClick={() => setAt(index)}
              aria-current={current ? 'step' : undefined}
              mih={TOUCH_TARGET}
              px="xs"
              w="100%"
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 10,
                borderRadius: 'var(--mantine-radius-md)',
                background: current ? 'var(--mantine-color-thrive-0)' : undefined,
              }}
            >
              {done ? (
                <IconCircleCheck size={22} color="var(--mantine-color-thrive-7)" aria-hidden />
              ) : (
                <IconCircleDashed size={22} color="var(--mantine-color-gray-6)" aria-hidden />
              )}
              <Text fw={current ? 700 : 500} size="sm">
                {index + 1}. {step.title}
                <Text span c="dimmed" size="sm">
                  {done ? ' · done' : ' · to do'}
                </Text>
              </Text>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );

  const progressLine = (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text fw={600}>
          {progress.done} of {progress.total} steps done
        </Text>
        {unsent.length > 0 && (
          <Badge variant="light" color="blue" style={{ '--badge-color': 'var(--mantine-color-dark-7)' }}>
            Not yet on the server
          </Badge>
        )}
      </Group>
      <Progress
        value={(progress.done / progress.total) * 100}
        size="lg"
        radius="xl"
        aria-label={`Onboarding: ${progress.done} of ${progress.total} steps done`}
      />
      {unsent.length > 0 && (
        <Text size="sm" c="dimmed" role="status">
          {online ? SAVE_MESSAGES.sending : SAVE_MESSAGES.keptOffline}
        </Text>
      )}
    </Stack>
  );

  if (at === 'summary') {
    return (
      <Stack gap="md">
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            {progressLine}
            <Title order={2} size="h3">
              {progress.complete ? 'You have finished your Thrive onboarding' : 'Your answers so far'}
            </Title>
            <Text size="sm">
              {progress.complete
                ? 'Thank you. Your care team reads this before your intake call. You can change any answer here or on your profile.'
                : 'Some steps are still to do.'}
            </Text>
            {ONBOARDING_STEPS.map((step, index) => (
              <Stack key={step.field} gap={2}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text fw={700}>{step.title}</Text>
                  <Button
                    variant="subtle"
                    onClick={() => setAt(index)}
                    aria-label={`Change ${step.title.toLowerCase()}`}
                  >
                    Change
                  </Button>
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={4}>
                  {answerSummary(step.field, profile) || 'Not answered yet.'}
                </Text>
              </Stack>
            ))}
            <ButtonLink
              to="/user/home/$clientId"
              params={{ clientId }}
              variant="light"
              style={{ alignSelf: 'flex-start' }}
            >
              Back to home
            </ButtonLink>
          </Stack>
        </Card>
      </Stack>
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
          {stepList}
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
