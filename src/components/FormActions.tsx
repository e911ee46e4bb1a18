import { Button, Flex, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

interface SubmitAction {
  label: ReactNode;
  /** The form's request is under way: the button shows a loader and cannot be pressed again (spec section 5). */
  pending?: boolean;
  disabled?: boolean;
}

interface SecondaryAction {
  label: ReactNode;
  onClick: () => void;
  /** This button's own request is under way. */
  pending?: boolean;
  disabled?: boolean;
}

export interface FormActionsProps {
  /** The form's submit button. */
  submit: SubmitAction;
  /** Cancel, skip, sign out or send another code; unavailable while the submit is pending. */
  secondary?: SecondaryAction;
  /**
   * - `end` (default): a row at the end of the form, the submit last (dialogs and editors);
   * - `stack`: full-width buttons, the submit first (the sign-in steps);
   * - `apart`: the submit first on phones, at the right from the smallest breakpoint up, the secondary at the left.
   */
  layout?: 'end' | 'stack' | 'apart';
}

/** The buttons that end a form: its submit, and at most one other. */
export function FormActions({ submit, secondary, layout = 'end' }: FormActionsProps) {
  const fullWidth = layout === 'stack';
  const submitButton = (
    <Button
      type="submit"
      fullWidth={fullWidth}
      loading={submit.pending}
      disabled={submit.pending === true || submit.disabled === true}
    >
      {submit.label}
    </Button>
  );
  const secondaryButton = secondary && (
    <Button
      variant={layout === 'stack' ? 'light' : 'default'}
      fullWidth={fullWidth}
      loading={secondary.pending}
      disabled={secondary.pending === true || secondary.disabled === true || submit.pending === true}
      onClick={secondary.onClick}
    >
      {secondary.label}
    </Button>
  );

  switch (layout) {
    case 'stack':
      return (
        <Stack gap="md">
          {submitButton}
          {secondaryButton}
        </Stack>
      );
    case 'apart':
      return (
        <Flex direction={{ base: 'column', xs: 'row-reverse' }} justify="space-between" gap="sm">
          {submitButton}
          {secondaryButton}
        </Flex>
      );
    case 'end':
      return (
        <Group justify="flex-end" gap="sm">
          {secondaryButton}
          {submitButton}
        </Group>
      );
  }
}
