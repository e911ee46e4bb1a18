import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Crumb } from '@/lib/navigation';
import { TouchLink } from './RouterLinks';
import { TOUCH_TARGET } from '@/config/touch';

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
            <Group component="ol" gap={6} m={0} p={0} style={{ listStyle: 'none', rowGap: 0 }}>
              {crumbs.map((crumb, index) => {
                const current = index === crumbs.length - 1;
                return (
                  <Group component="li" key={crumb.label} gap={6} wrap="nowrap" miw={0}>
                    {crumb.link && !current ? (
                      // A whole touch target, however short the word ('Hub').
                      <TouchLink size="sm" miw={TOUCH_TARGET} {...crumb.link}>
                        {crumb.label}
                      </TouchLink>
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
