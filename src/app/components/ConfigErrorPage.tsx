import { Alert, Center, Paper, Stack, Title } from '@mantine/core';

/** Spec section 8: a missing identity configuration. The details are in the console. */
export const CONFIG_ERROR_MESSAGE = 'Configuration error (see console) – please contact the administrator';

export function ConfigErrorPage() {
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p="xl" maw={480} w="100%">
        <Stack>
          <Title order={1} size="h2">
            Thrive
          </Title>
          <Alert color="red" variant="light" role="alert" title="Thrive cannot start">
            {CONFIG_ERROR_MESSAGE}
          </Alert>
        </Stack>
      </Paper>
    </Center>
  );
}
