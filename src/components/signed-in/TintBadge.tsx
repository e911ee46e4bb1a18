import { Badge, type BadgeProps } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

/**
 * A light badge with dark words on its colour's tint: the light variant's own
 * coloured words are too faint on some tints (orange's darkest shade reaches
 * 3.6:1; WCAG AA asks 4.5:1). The tint and the word carry the meaning.
 */
export function TintBadge({ color, children, style, ...rest }: Omit<BadgeProps, 'variant'> & { children: ReactNode }) {
  const words = { '--badge-color': 'var(--mantine-color-dark-7)' } as CSSProperties;
  return (
    <Badge color={color} variant="light" style={{ flexShrink: 0, ...words, ...(style as CSSProperties) }} {...rest}>
      {children}
    </Badge>
  );
}
