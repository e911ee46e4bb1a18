import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { isApiError, loadErrorMessage } from '@/lib/api';

/**
 * A part of a page could not be loaded: what, why (a message written for the
 * reader), and a way to try again. Errors that concern the whole page use the
 * error banner instead; so does an API that cannot be reached at all, which
 * the signed-in shell's banner says once for every part (here a quiet line
 * says only what it means for this one).
 */
export function QueryErrorAlert({
  title,
  error,
  message,
  onRetry,
  retrying = false,
}: {
  title: string;
  error: unknown;
  /** Instead of the usual message for `error` (loadErrorMessage). */
  message?: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  if (isApiError(error) && error.isNetworkError) {
    return (
      <Group gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed">
          {title} while the clinic’s server cannot be reached.
        </Text>
        <Button variant="subtle" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      </Group>
    );
  }
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message ?? loadErrorMessage(error)}</Text>
        <Button variant="light" color="red" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
