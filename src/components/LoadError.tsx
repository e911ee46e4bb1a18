import { Button, Stack, Text, Title } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { usePageError } from '@/components/ErrorBannerArea';
import { isOfflineError } from '@/lib/query/offline';
import { loadErrorMessage } from '@/lib/api/messages';

interface LoadErrorProps extends ErrorComponentProps {
  /** What could not be loaded, e.g. 'This client could not be loaded'. */
  title: string;
  /** A page heading, where the error replaces a whole page. */
  heading?: string;
}

/**
 * A screen's data could not be loaded: the spec's message for the failure in the
 * error banner at the top of the page, and here a way to try again. Being
 * offline is not an error: the page says so quietly and loads by itself once
 * the connection returns.
 */
export function LoadError({ error, title, heading }: LoadErrorProps) {
  const router = useRouter();
  const { reset } = useQueryErrorResetBoundary();
  const offline = isOfflineError(error);

  useEffect(() => {
    // Let the query run again when the route retries.
    reset();
  }, [reset]);

  usePageError(offline ? null : { title, message: loadErrorMessage(error) }, error);

  return (
    <Stack gap="md" maw={560}>
      {heading && (
        <Title order={1} size="h2">
          {heading}
        </Title>
      )}
      {offline ? <Text role="status">{error.message}</Text> : <Text c="dimmed">{title}.</Text>}
      <Button variant="light" onClick={() => void router.invalidate()} style={{ alignSelf: 'flex-start' }}>
        Try again
      </Button>
    </Stack>
  );
}
