import { Card, type CardProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

function CardBase(props: CardProps & Omit<ComponentPropsWithRef<'a'>, keyof CardProps>) {
  return <Card component="a" {...props} />;
}

/** A whole Mantine Card as one link within Thrive (the card is the tap target), its route checked like AnchorLink's. */
export const CardLink = createLink(CardBase);
