import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';
import { TouchAnchor, type TouchAnchorProps } from './TouchAnchor';

/*
 * Mantine components as router links. Mantine's `component={Link}` loses the
 * route tree's types; createLink keeps `to` and `params` checked.
 */

function AnchorBase(props: AnchorProps & Omit<ComponentPropsWithRef<'a'>, keyof AnchorProps>) {
  return <Anchor {...props} />;
}

function ButtonBase(props: ButtonProps & Omit<ComponentPropsWithRef<'a'>, keyof ButtonProps>) {
  return <Button component="a" {...props} />;
}

/** A Mantine Anchor that navigates within Thrive: in a sentence. */
export const AnchorLink = createLink(AnchorBase);

function TouchAnchorBase(props: TouchAnchorProps) {
  return <TouchAnchor {...props} />;
}

/** A link within Thrive on a line of its own: a whole touch target high. */
export const TouchLink = createLink(TouchAnchorBase);

/** A Mantine Button that navigates within Thrive. */
export const ButtonLink = createLink(ButtonBase);
