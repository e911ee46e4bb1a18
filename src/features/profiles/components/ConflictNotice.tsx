import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { UnsavedChange } from '../model/conflict';

export const CONFLICT_TITLE = 'Someone else changed this profile while you were editing';

/**
 * After a save was refused because the profile had changed: the form holds
 * the current values, and this lists the person's own changes that differ,
 * so each can be applied again (nothing they typed is silently dropped).
 */
export function ConflictNotice({
  changes,
  onApply,
  onApplyAll,
  onDismiss,
}: {
  changes: readonly UnsavedChange[];
  onApply: (change: UnsavedChange) => void;
  onApplyAll: () => void;
  onDismiss: () => void;
}) {
  return (
    <Alert color="orange" variant="light" role="alert" title={CONFLICT_TITLE}>
      <Stack gap="sm">
        {changes.length === 0 ? (
          <Text size="sm">The current values are loaded below, and they already hold your changes.</Text>
        ) : (
          <Text size="sm">
            The current values are loaded below. Your changes that differ from them are listed here: use yours again
            where they should win, then save.
          </Text>
        )}
        {changes.length > 0 && (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Your changes">
            {changes.map((change) => (
              <Group
                component="li"
                key={change.field}
                justify="space-between"
                align="center"
                gap="sm"
                wrap="wrap"
                p="xs"
                style={{ background: 'var(--mantine-color-body)', borderRadius: 'var(--mantine-radius-md)' }}
              >
                <Stack gap={2} style={{ flex: 1, minWidth: 200 }}>
                  <Text fw={600}>{change.label}</Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    Now: {change.current}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    Yours: {change.mine}
                  </Text>
                </Stack>
                <Button
                  variant="light"
                  color="orange"
                  onClick={() => onApply(change)}
                  aria-label={`Use yours for ${change.label}`}
                >
                  Use yours
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        <Group gap="sm">
          {changes.length > 1 && (
            <Button color="orange" onClick={onApplyAll}>
              Use all of yours
            </Button>
          )}
          <Button variant="default" onClick={onDismiss}>
            {changes.length === 0 ? 'Close' : 'Keep the current values'}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
