import { Checkbox, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { TOUCH_TARGET } from '@/config/touch';

/**
 * Something a person ticks, as a card a thumb can hit (a whole touch target
 * and up): its box beside its words, a checkbox to a screen reader and to
 * the keyboard (Space). Without words (a column of a table says what it is),
 * `aria-label` names it.
 */
export function CheckCard({
  label,
  checked,
  onChange,
  disabled,
  'aria-label': ariaLabel,
}: {
  label?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  'aria-label'?: string;
}) {
  return (
    <Checkbox.Card
      checked={checked}
      onChange={onChange}
      disabled={disabled}
      aria-label={ariaLabel}
      radius="md"
      p="xs"
      mih={TOUCH_TARGET}
      miw={TOUCH_TARGET}
    >
      <Group wrap="nowrap" gap="sm" justify={label === undefined ? 'center' : 'flex-start'}>
        <Checkbox.Indicator size="sm" disabled={disabled} />
        {label !== undefined && <Text size="sm">{label}</Text>}
      </Group>
    </Checkbox.Card>
  );
}
