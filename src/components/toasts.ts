import { notifications } from '@mantine/notifications';

/**
 * The one way screens report the outcome of a user action: a toast in the
 * top-right area for 5 seconds (spec sections 2 and 9; the container in
 * App.tsx sets position and duration), with a close button with a name, and the message under a title in the theme's
 * dimmed text (7:1) rather than Mantine's light grey (3.3:1 on white, under
 * WCAG AA's 4.5:1).
 */
const READABLE = {
  closeButtonProps: { 'aria-label': 'Close message' },
  styles: { description: { color: 'var(--mantine-color-dimmed)' } },
} as const;

export function toastSuccess(message: string, title?: string): void {
  notifications.show({ ...READABLE, color: 'teal', title, message, withBorder: true });
}

/** A user action failed: what happened, written for the person who tried it. */
export function toastFailure(message: string, title = 'That did not work'): void {
  notifications.show({ ...READABLE, color: 'red', title, message, withBorder: true });
}
