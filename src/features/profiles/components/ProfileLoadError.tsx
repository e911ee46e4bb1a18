import { Alert, Button, Stack, Title } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { profileLoadErrorMessage } from '../model/errors';

interface LoadErrorProps extends ErrorComponentProps {
  /** What could not be loaded, e.g. 'This client could not be loaded'. */
  title: string;
  /** A page heading, where the error replaces a whole page. */
  heading?: string;
}

/** A profile could not be loaded: the spec's message for the failure, and a way to try again. */
export function LoadError({ error, title, heading }: LoadErrorProps) {
  const router = useRouter();
  const { reset } = useQueryErrorResetBoundary();

  useEffect(() => {
    // Let the query run again when the route retries.
    reset();
  }, [reset]);

  return (
    <Stack gap="md" maw={560}>
      {heading && (
        <Title order={1} size="h2">
          {heading}
        </Title>
      )}
      <Alert color="red" variant="light" role="alert" title={title}>
        {profileLoadErrorMessage(error)}
      </Alert>
      <Button variant="light" onClick={() => void router.invalidate()} style={{ alignSelf: 'flex-start' }}>
        Try again
      </Button>
    </Stack>
  );
}

export function ProfileLoadError(props: ErrorComponentProps) {
  return <LoadError {...props} heading="My profile" title="Your profile could not be loaded" />;
}
