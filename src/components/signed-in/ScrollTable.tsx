import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table wider than a phone scrolls sideways inside its own region, which
 * the keyboard can reach and scroll too (and a screen reader can name).
 */
export function ScrollTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Table.ScrollContainer type="native" minWidth={minWidth} tabIndex={0} role="region" aria-label={label}>
      {children}
    </Table.ScrollContainer>
  );
}
