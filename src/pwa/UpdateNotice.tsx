import { Affix, Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { discardDraftsOnLeave, useUnsavedDrafts } from './drafts';
import { activateNewVersion } from './service-worker';
import { useUpdateState } from './use-update-state';
import { VERSION_POLL_MS } from './version-check';

/**
 * Spec section 2: 'A new version is available!' with 'Refresh Now', at the top
 * right. Where a screen holds unsaved work, the button first says what would
 * be lost and lets the user go back to it. It covers the corner where the
 * header's sign-out sits, so it can be put aside; it comes back one poll
 * interval later, so a tablet left running still gets the new version.
 */
export default function UpdateNotice() {
  const { available } = useUpdateState();
  const drafts = useUnsavedDrafts();
  const [confirming, setConfirming] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const [putAside, setPutAside] = useState(false);
  useEffect(() => {
    if (!putAside) return;
    const timer = setTimeout(() => setPutAside(false), VERSION_POLL_MS);
    return () => clearTimeout(timer);
  }, [putAside]);
  if (!available || putAside) return null;

  const refresh = () => {
    discardDraftsOnLeave();
    setRefreshing(true);
    void activateNewVersion();
  };
  const askFirst = drafts.length > 0 && confirming;

  return (
    // Above the toasts (Mantine's notifications sit at z-index 400), which share the corner.
    <Affix position={{ top: 16, right: 16 }} zIndex={450}>
      <Paper role="status" aria-live="polite" withBorder shadow="md" p="md" maw={360}>
        {askFirst ? (
          <Stack gap="sm">
            <Text fw={600}>Refreshing now loses what you have not saved:</Text>
            <Text size="sm">{[...new Set(drafts)].join(', ')}</Text>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setConfirming(false)}>
                Keep editing
              </Button>
              <Button color="red" onClick={refresh} loading={refreshing}>
                Refresh anyway
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group gap="sm" wrap="nowrap">
            <Text fw={600}>A new version is available!</Text>
            <Button
              onClick={drafts.length > 0 ? () => setConfirming(true) : refresh}
              loading={refreshing}
              style={{ flexShrink: 0 }}
            >
              Refresh Now
            </Button>
            <CloseButton aria-label="Later" title="Later" onClick={() => setPutAside(true)} />
          </Group>
        )}
      </Paper>
    </Affix>
  );
}
