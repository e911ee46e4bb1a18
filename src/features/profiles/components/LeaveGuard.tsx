import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useBlocker } from '@tanstack/react-router';

/**
 * Signing out (by hand, when idle, or when the session ends) must never be
 * held up by a question: the session is gone by then.
 */
const NEVER_BLOCKED = ['/login', '/unauthorized'];

/**
 * Asks before moving to another screen of Thrive while `when` holds unsaved
 * work. Reloading or closing the tab is covered by useUnsavedDraft.
 */
export function LeaveGuard({ when, what }: { when: boolean; what: string }) {
  const blocker = useBlocker({
    shouldBlockFn: ({ next }) => !NEVER_BLOCKED.includes(next.pathname),
    disabled: !when,
    withResolver: true,
    enableBeforeUnload: false,
  });
  const blocked = blocker.status === 'blocked';

  return (
    <ConfirmDialog
      opened={blocked}
      title="Leave without saving?"
      keepLabel="Stay and keep editing"
      actLabel="Leave and discard"
      onKeep={() => blocker.reset?.()}
      onAct={() => blocker.proceed?.()}
    >
      {`${what} are not saved yet. If you leave now, they are lost.`}
    </ConfirmDialog>
  );
}
