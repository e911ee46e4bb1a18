import { NavLink, Tooltip, type NavLinkProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef, CSSProperties } from 'react';
import { brand, THRIVE_TEAL } from '@/config/brand';
import type { NavArea } from './nav-areas';
import { TOUCH_TARGET } from '@/config/touch';

function NavLinkBase(props: NavLinkProps & Omit<ComponentPropsWithRef<'a'>, keyof NavLinkProps>) {
  return <NavLink component="a" {...props} />;
}

/** Mantine's NavLink as a router link: the router marks the current area `aria-current="page"`, NavLink styles it. */
const RouterNavLink = createLink(NavLinkBase);

/** The brand's colours for the current area (brand.test.ts checks their contrast). */
const NAV_COLOURS = {
  '--nl-bg': brand.navActiveBackground,
  '--nl-hover': THRIVE_TEAL[1],
  '--nl-color': brand.navActiveText,
} as CSSProperties;

/** 44 px high: a touch target on the tablets at the therapy bays. */
const TOUCH: CSSProperties = { minHeight: TOUCH_TARGET, borderRadius: 'var(--mantine-radius-md)' };

/**
 * One area of the navigation bar: icon and label, or on the tablet's rail the
 * icon alone, named for screen readers and shown by a tooltip.
 */
export function ShellNavLink({ area, compact }: { area: NavArea; compact: boolean }) {
  const icon = <area.icon size={22} stroke={1.75} aria-hidden />;
  if (!compact) {
    return (
      <RouterNavLink
        {...area.link}
        label={area.label}
        leftSection={icon}
        fw={500}
        style={{ ...NAV_COLOURS, ...TOUCH }}
      />
    );
  }
  return (
    <Tooltip label={area.label} position="right" withArrow>
      <RouterNavLink
        {...area.link}
        aria-label={area.label}
        leftSection={icon}
        styles={{ section: { marginInlineEnd: 0 }, body: { display: 'none' } }}
        style={{ ...NAV_COLOURS, ...TOUCH, justifyContent: 'center' }}
      />
    </Tooltip>
  );
}
