import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Crumb } from '@/lib/navigation';
import { TouchLink } from './RouterLinks';
import { TOUCH_TARGET } from '@/config/touch';

const CRUMB_PADDING = 'var(--mantine-spacing-xs)';

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
            {/* Each link a whole touch target, however short its word ('Hub'): the words padded alike, and
                the trail drawn back by that padding so its first word lines up with the title. */}
            <Group component="ol" gap={0} m={0} p={0} ml={`calc(-1 * ${CRUMB_PADDING})`} style={{ listStyle: 'none' }}>
              {crumbs.map((crumb, index) => {
                const current = index === crumbs.length - 1;
                return (
                  <Group component="li" key={crumb.label} gap={0} wrap="nowrap" miw={0}>
                    {crumb.link && !current ? (
                      <TouchLink size="sm" miw={TOUCH_TARGET} px={CRUMB_PADDING} {...crumb.link}>
                        {crumb.label}
                      </TouchLink>
                    ) : (
                      <Text
                        size="sm"
                        c="dimmed"
                        span
                        px={CRUMB_PADDING}
                        aria-current={current ? 'page' : undefined}
                        truncate
                      >
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
