import { Anchor, type AnchorProps } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';
import { TOUCH_TARGET } from '@/config/touch';

export type TouchAnchorProps = AnchorProps & Omit<ComponentPropsWithRef<'a'>, keyof AnchorProps>;

/**
 * A link on a line of its own (not one inside a sentence): a whole touch
 * target high, its words centred in that height. `display="flex"` makes the
 * whole line the target.
 */
export function TouchAnchor({ style, display = 'inline-flex', ...props }: TouchAnchorProps) {
  return <Anchor mih={TOUCH_TARGET} display={display} {...props} style={[{ alignItems: 'center' }, style]} />;
}
