import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { ADVICE_CATEGORY_LABELS, adviceDue, stepsDone } from '@contract';
import { TintBadge } from '@/components/signed-in/TintBadge';
import { CheckCard } from '@/components/signed-in/CheckCard';
import { counted, formatDate, formatDay, todayOn, useClock } from '@/lib/intl';
import type { ShownAdvice } from '../api/changes';

const CATEGORY_COLORS = {
  nutrition: 'green',
  movement: 'blue',
  sleep: 'indigo',
  supplement: 'grape',
  therapy: 'teal',
} as const;

/**
 * One piece of advice: what to do, why, its steps and when it is looked at
 * again. For the client (`follow`), a way to acknowledge it and tick the steps
 * off; for staff, whether the client has read it and how far they are.
 */
export function AdviceCard({
  advice,
  follow,
}: {
  advice: ShownAdvice;
  /** The client's own actions; absent for staff, who see the client's progress. */
  follow?: { acknowledge: () => void; tick: (stepId: string, done: boolean) => void };
}) {
  const clock = useClock();
  const due = adviceDue(advice, todayOn(clock));
  const titleId = `advice-${advice.id}`;
  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-labelledby={titleId} className="report-block">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <TintBadge color={CATEGORY_COLORS[advice.category]}>{ADVICE_CATEGORY_LABELS[advice.category]}</TintBadge>
          <Group gap={6}>
            {advice.unsent && <TintBadge color="gray">Not yet on the server</TintBadge>}
            {!follow && due && <TintBadge color="orange">Due for review</TintBadge>}
            {advice.acknowledged_at ? (
              <TintBadge color="green">{follow ? 'Acknowledged' : 'Read by the client'}</TintBadge>
            ) : (
              !follow && <TintBadge color="yellow">Not acknowledged yet</TintBadge>
            )}
          </Group>
        </Group>
        <Title order={3} size="h4" id={titleId}>
          {advice.title}
        </Title>
        <Text size="sm">{advice.why}</Text>
        {advice.steps.length > 0 &&
          (follow ? (
            <Stack gap="xs" role="group" aria-label={`Steps of “${advice.title}”`}>
              {advice.steps.map((step) => (
                <CheckCard
                  key={step.id}
                  label={step.text}
                  checked={step.done_at !== null}
                  onChange={(checked) => follow.tick(step.id, checked)}
                />
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {counted(stepsDone(advice), 'step', 'steps')} of {advice.steps.length} done:{' '}
              {advice.steps.map((step) => `${step.done_at ? '✓' : '○'} ${step.text}`).join('; ')}
            </Text>
          ))}
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed">
            From {advice.author_name}, {formatDate(advice.created_at, clock)};{' '}
            {follow ? 'your care team looks at it again' : 'review'} on {formatDay(advice.review_on, {}, clock.locale)}.
          </Text>
          {follow && !advice.acknowledged_at && (
            <Button size="md" variant="light" onClick={follow.acknowledge}>
              I have read this
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
