import { Alert, Button, Stack, Title } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { profileLoadErrorMessage } from '../model/errors';

/** The profile could not be loaded: the spec's message for the failure, and a way to try again. */
export function ProfileLoadError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const { reset } = useQueryErrorResetBoundary();

  useEffect(() => {
    // Let the query run again when the route retries.
    reset();
  }, [reset]);

  return (
    <Stack gap="md" maw={560}>
      <Title order={1} size="h2">
        My profile
      </Title>
      <Alert color="red" variant="light" role="alert" title="Your profile could not be loaded">
        {profileLoadErrorMessage(error)}
      </Alert>
      <Button variant="light" onClick={() => void router.invalidate()} style={{ alignSelf: 'flex-start' }}>
        Try again
      </Button>
    </Stack>
  );
}
