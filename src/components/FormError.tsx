import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A form-level error (spec section 8): an alert beside the form's fields,
 * dismissible when `onDismiss` is given. Field errors show under each field.
 */
export function FormError({ message, onDismiss }: { message: ReactNode; onDismiss?: () => void }) {
  if (message === null || message === undefined || message === '') return null;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      withCloseButton={onDismiss !== undefined}
      closeButtonLabel="Dismiss"
      onClose={onDismiss}
    >
      {message}
    </Alert>
  );
}
