import { Button, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface StepFrameProps {
  title: string;
  description?: ReactNode;
  /** Offered on every step after the first: start over with another account. */
  onBack?: () => void;
  children: ReactNode;
}

/** The common frame of a sign-in step: its heading, what to do, the form, and a way back. */
export function StepFrame({ title, description, onBack, children }: StepFrameProps) {
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {title}
      </Title>
      {description && <Text c="dimmed">{description}</Text>}
      {children}
      {onBack && (
        <Button variant="subtle" onClick={onBack}>
          Back to sign in
        </Button>
      )}
    </Stack>
  );
}
