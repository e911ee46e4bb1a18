import { Textarea, type TextareaProps } from '@mantine/core';
import type { CSSProperties } from 'react';

/*
 * A text box that grows with what is typed, from `minRows` lines to `maxRows`. Where the browser sizes it in CSS
 * (`field-sizing: content`), that is all it takes; elsewhere Mantine's autosize measures it, which forces a layout
 * on every render of the form around it: a visit chart with a few of these then renders in one long task on a
 * slow tablet.
 */
const SIZED_IN_CSS = typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content');

/** The height of `rows` lines of the box with its padding and border. */
function heightOf(rows: number): string {
  return `calc(${rows}lh + 2 * var(--input-padding-y, 0rem) + 2px)`;
}

export type GrowingTextareaProps = Omit<TextareaProps, 'autosize' | 'minRows' | 'maxRows' | 'rows'> & {
  minRows: number;
  maxRows?: number;
};

export function GrowingTextarea({ minRows, maxRows, ...props }: GrowingTextareaProps) {
  if (!SIZED_IN_CSS) return <Textarea {...props} autosize minRows={minRows} maxRows={maxRows} />;
  const sized: CSSProperties & { fieldSizing: string } = {
    fieldSizing: 'content',
    minHeight: heightOf(minRows),
    maxHeight: maxRows === undefined ? undefined : heightOf(maxRows),
    resize: 'none',
  };
  return <Textarea {...props} rows={minRows} styles={{ input: sized }} />;
}
