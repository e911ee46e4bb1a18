import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { isApiError, loadErrorMessage } from '@/lib/api';

/**
 * A part of a page could not be loaded: what, why (a message written for the
 * reader), and a way to try again. Errors that concern the whole page use the
 * error banner instead; so does an API that cannot be reached at all, which
 * the signed-in shell's banner says once for every part (here a quiet line
 * says only what it means for this one).
 */
export function QueryErrorAlert(
  props: {
    title: string;
    /** Instead of the usual message for the error (loadErrorMessage). */
    message?: string;
  } & (
    | {
        /** The query that failed: its error, and trying again is fetching it again. */
        query: { error: unknown; refetch: () => unknown; isFetching: boolean };
      }
    | { error: unknown; onRetry: () => void; retrying?: boolean }
  ),
) {
  const { title, message } = props;
  const { error, onRetry, retrying } =
    'query' in props
      ? { error: props.query.error, onRetry: () => void props.query.refetch(), retrying: props.query.isFetching }
      : { retrying: false, ...props };
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
