import { notifications } from '@mantine/notifications';

/** The toast's close button, named for screen readers. */
const CLOSE = { 'aria-label': 'Close message' };

/**
 * The one way screens report the outcome of a user action: a toast in the
 * top-right area for 5 seconds (spec sections 2 and 9; the container in
 * App.tsx sets position and duration).
 */
export function toastSuccess(message: string, title?: string): void {
  notifications.show({ color: 'teal', title, message, withBorder: true, closeButtonProps: CLOSE });
}

/** A user action failed: what happened, written for the person who tried it. */
export function toastFailure(message: string, title = 'That did not work'): void {
  notifications.show({ color: 'red', title, message, withBorder: true, closeButtonProps: CLOSE });
}
