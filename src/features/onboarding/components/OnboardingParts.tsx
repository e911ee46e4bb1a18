import { Badge, Button, Card, Group, Progress, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { describeFamily, describeLifestyle, historyText, type Profile } from '@contract';
import { ButtonLink } from '@/components/RouterLinks';
import { TOUCH_TARGET } from '@/config/touch';
import {
  ONBOARDING_STEPS,
  SAVE_MESSAGES,
  stepDone,
  type OnboardingField,
  type OnboardingProgress,
} from '@/features/profiles';

function answerSummary(field: OnboardingField, profile: Pick<Profile, OnboardingField>): string {
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

/** Steps done of all, and whether answers still wait to reach the server. */
export function OnboardingProgressLine({
  progress,
  unsent,
  online,
}: {
  progress: OnboardingProgress;
  unsent: boolean;
  online: boolean;
}) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text fw={600}>
          {progress.done} of {progress.total} steps done
        </Text>
        {unsent && (
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
      {unsent && (
        <Text size="sm" c="dimmed" role="status">
          {online ? SAVE_MESSAGES.sending : SAVE_MESSAGES.keptOffline}
        </Text>
      )}
    </Stack>
  );
}

/** Every step, done or to do, each a whole touch target that opens it. */
export function OnboardingStepList({
  profile,
  at,
  onOpen,
}: {
  profile: Pick<Profile, OnboardingField>;
  at: number;
  onOpen: (index: number) => void;
}) {
  return (
    <Stack component="ol" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Onboarding steps">
      {ONBOARDING_STEPS.map((step, index) => {
        const done = stepDone(step.field, profile);
        const current = at === index;
        return (
          <li key={step.field}>
            <UnstyledButton
              onClick={() => onOpen(index)}
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
}

/** Every answer so far, each with a way back to its step; the thanks once all are done. */
export function OnboardingSummary({
  clientId,
  profile,
  progress,
  progressLine,
  onChange,
}: {
  clientId: string;
  profile: Pick<Profile, OnboardingField>;
  progress: OnboardingProgress;
  progressLine: ReactNode;
  onChange: (index: number) => void;
}) {
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
                  onClick={() => onChange(index)}
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
