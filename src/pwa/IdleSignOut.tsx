import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useUnsavedDrafts } from './drafts';
import { ACTIVITY_EVENTS, createIdleTimer, openActivityChannel, type IdlePhase, type IdleTimer } from './idle';

export interface IdleSignOutProps {
  timeoutMs: number;
  /** Signs out, wipes what the device kept, and returns to the sign-in page. */
  onIdle: () => void;
}

/**
 * Watches for activity in this tab (and, through a BroadcastChannel, in the
 * app's other tabs); in the last minute a warning counts down, then `onIdle`.
 * Signing out reloads the page, so a screen's unsaved work (`useUnsavedDraft`)
 * is lost: the warning names it, so the user can stay and save it.
 */
export default function IdleSignOut({ timeoutMs, onIdle }: IdleSignOutProps) {
  const [phase, setPhase] = useState<IdlePhase>({ kind: 'active' });
  const drafts = useUnsavedDrafts();
  const timer = useRef<IdleTimer | undefined>(undefined);
  const idle = useRef(onIdle);
  useEffect(() => {
    idle.current = onIdle;
  }, [onIdle]);

  useEffect(() => {
    const channel = openActivityChannel();
    const t = createIdleTimer({ timeoutMs, channel, onChange: setPhase, onExpire: () => idle.current() });
    timer.current = t;
    const onActivity = () => t.activity();
    const options = { capture: true, passive: true } as const;
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, options);
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, options);
      t.stop();
      channel?.close();
      timer.current = undefined;
    };
  }, [timeoutMs]);

  const stay = () => timer.current?.activity();
  return (
    <Modal
      opened={phase.kind === 'warning'}
      onClose={stay}
      title="Are you still there?"
      centered
      closeOnClickOutside={false}
      zIndex={500}
    >
      <Text role="timer" aria-live="polite">
        For privacy you will be signed out in {phase.kind === 'warning' ? phase.secondsLeft : 0} seconds.
      </Text>
      {drafts.length > 0 && (
        <Text mt="sm" fw={600} c="red.8">
          Unsaved changes will be lost: {[...new Set(drafts)].join(', ')}. Stay signed in to keep them.
        </Text>
      )}
      <Group justify="flex-end" mt="md">
        <Button onClick={stay} data-autofocus>
          Stay signed in
        </Button>
      </Group>
    </Modal>
  );
}
