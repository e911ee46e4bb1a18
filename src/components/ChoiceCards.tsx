import { Box, Group, Radio, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { TOUCH_TARGET } from '@/config/touch';

export interface Choice<T extends string> {
  value: T;
  label: string;
  /** A line under the label, e.g. what choosing it means. */
  description?: string;
}

/**
 * One answer out of a few, as cards a thumb can hit (a whole touch target
 * and up): a radio group with its label, reachable by Tab and moved through
 * with the arrow keys. Nothing is chosen while `value` is null.
 */
export function ChoiceCards<T extends string>({
  label,
  description,
  value,
  options,
  onChange,
  error,
  disabled = false,
  minWidth = 200,
}: {
  label: ReactNode;
  description?: ReactNode;
  value: T | null | undefined;
  options: readonly Choice<T>[];
  onChange: (value: T) => void;
  error?: ReactNode;
  /** Shown, not changed (a signed record). */
  disabled?: boolean | undefined;
  /** The narrowest a card gets: as many columns as fit, one on a phone when the answers are long. */
  minWidth?: number;
}) {
  return (
    <Radio.Group
      label={label}
      description={description}
      error={error}
      size="md"
      value={value ?? null}
      onChange={(next) => {
        const option = options.find((candidate) => candidate.value === next);
        if (option) onChange(option.value);
      }}
    >
      <Box
        mt="xs"
        style={{
          display: 'grid',
          gap: 'var(--mantine-spacing-xs)',
          gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${minWidth}px), 1fr))`,
        }}
      >
        {options.map((option) => (
          <Radio.Card
            key={option.value}
            value={option.value}
            radius="md"
            p="sm"
            mih={TOUCH_TARGET}
            disabled={disabled}
            style={disabled ? { cursor: 'not-allowed' } : undefined}
          >
            <Group wrap="nowrap" gap="sm" align={option.description ? 'flex-start' : 'center'}>
              <Radio.Indicator size="sm" disabled={disabled} />
              <div>
                <Text size="sm" fw={500}>
                  {option.label}
                </Text>
                {option.description && (
                  <Text size="sm" c="dimmed">
                    {option.description}
                  </Text>
                )}
              </div>
            </Group>
          </Radio.Card>
        ))}
      </Box>
    </Radio.Group>
  );
}
