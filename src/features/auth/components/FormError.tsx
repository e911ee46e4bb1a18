import { Alert } from '@mantine/core';

/** A form-level error (spec section 8): a dismissible alert above the fields. */
export function FormError({ message, onDismiss }: { message: string | null; onDismiss: () => void }) {
  if (message === null) return null;
  return (
    <Alert color="red" variant="light" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={onDismiss}>
      {message}
    </Alert>
  );
}
