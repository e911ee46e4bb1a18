import { Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * One task of the run in its frame: where the client is in the run, the
 * task's name, and a way to skip it (the run is then not complete, so it
 * cannot be a baseline). The heading takes focus, so a screen reader starts
 * at the task's instructions.
 */
export function TaskFrame({
  step,
  total,
  title,
  onSkip,
  children,
}: {
  step: number;
  total: number;
  title: string;
  onSkip?: () => void;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [title]);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title}>
      <Stack gap="md">
        <Stack gap={6}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              Part {step} of {total}
            </Text>
            {onSkip && (
              <Button variant="subtle" onClick={onSkip}>
                Skip this part
              </Button>
            )}
          </Group>
          <Progress value={((step - 1) / total) * 100} aria-label={`Part ${step} of ${total}`} size="sm" radius="xl" />
          <Title order={2} size="h3" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
            {title}
          </Title>
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

/** A task's instructions and its start button: the timing starts only when the client is ready. */
export function TaskIntro({
  children,
  onStart,
  start = 'Start',
}: {
  children: ReactNode;
  onStart: () => void;
  start?: string;
}) {
  return (
    <Stack gap="md" align="flex-start">
      <Stack gap="xs">{children}</Stack>
      <Button size="lg" onClick={onStart}>
        {start}
      </Button>
    </Stack>
  );
}
