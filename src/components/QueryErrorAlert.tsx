import { Alert, Button, Stack, Text } from '@mantine/core';

/**
 * A part of a page could not be loaded: what, why (a message written for the
 * reader), and a way to try again. Errors that concern the whole page use the
 * error banner instead.
 */
export function QueryErrorAlert({
  title,
  message,
  onRetry,
  retrying = false,
}: {
  title: string;
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button variant="light" color="red" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
