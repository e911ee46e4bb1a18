import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';

/**
 * Where the person is, read at the moment they act: a change kept for
 * sending records it, so that the list of unsent changes can open that screen
 * again. Read when asked rather than subscribed to, so that screens and rows
 * offering an action (today's appointments, enrollments) do not render again
 * each time the person moves to another screen.
 */
export function useHere(): () => string {
  const router = useRouter();
  return useCallback(() => router.state.location.href, [router]);
}
