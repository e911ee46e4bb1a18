import { Alert, Button, Stack } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { profileLoadErrorMessage } from '../../profiles/model/errors';

/** A user could not be loaded: the spec's message for the failure, and a way to try again. */
export function UserLoadError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const { reset } = useQueryErrorResetBoundary();

  useEffect(() => {
    // Let the query run again when the route retries.
    reset();
  }, [reset]);

  return (
    <Stack gap="md" maw={560}>
      <Alert color="red" variant="light" role="alert" title="This user could not be loaded">
        {profileLoadErrorMessage(error)}
      </Alert>
      <Button variant="light" onClick={() => void router.invalidate()} style={{ alignSelf: 'flex-start' }}>
        Try again
      </Button>
    </Stack>
  );
}
