import { Group, Stack, Text, Title } from '@mantine/core';
import type { LinkOptions } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AnchorLink } from './RouterLinks';

/** One step of the breadcrumb trail; the last one is the current page and has no link. */
export interface Crumb {
  label: string;
  /** Made with `linkOptions({ to, params })`, so the target is checked against the route tree. */
  link?: LinkOptions;
}

/**
 * The frame of every signed-in screen: where it sits (breadcrumb), its title,
 * and one line on what it is for. The screen's content goes inside.
 */
export function PageFrame({
  title,
  crumbs,
  purpose,
  children,
}: {
  title: string;
  crumbs: readonly Crumb[];
  purpose: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        {crumbs.length > 0 && (
          <nav aria-label="Breadcrumb">
            <Group component="ol" gap={6} m={0} p={0} style={{ listStyle: 'none', rowGap: 2 }}>
              {crumbs.map((crumb, index) => {
                const current = index === crumbs.length - 1;
                return (
                  <Group component="li" key={crumb.label} gap={6} wrap="nowrap" miw={0}>
                    {crumb.link && !current ? (
                      <AnchorLink size="sm" {...crumb.link}>
                        {crumb.label}
                      </AnchorLink>
                    ) : (
                      <Text size="sm" c="dimmed" span aria-current={current ? 'page' : undefined} truncate>
                        {crumb.label}
                      </Text>
                    )}
                    {!current && (
                      <Text size="sm" c="dimmed" span aria-hidden>
                        /
                      </Text>
                    )}
                  </Group>
                );
              })}
            </Group>
          </nav>
        )}
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        <Text c="dimmed">{purpose}</Text>
      </Stack>
      {children}
    </Stack>
  );
}
