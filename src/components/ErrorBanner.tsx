import { Box, CloseButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { brand } from '@/config/brand';

export interface ErrorBannerProps {
  /** What went wrong, in a few words ('Your profile could not be loaded'). */
  title?: string;
  /** The message the person reads: what happened and what they can do. */
  message: string;
  onDismiss: () => void;
}

/**
 * An error that concerns the whole page, shown across the top of it: the page
 * could not load its data, or the API cannot be reached. Announced to screen
 * readers when it appears; the person can put it aside.
 */
export function ErrorBanner({ title, message, onDismiss }: ErrorBannerProps) {
  return (
    <Box
      role="alert"
      bg={brand.errorSurface}
      px="md"
      py="xs"
      style={{ borderLeft: `4px solid ${brand.error}`, borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        <IconAlertCircle size={22} color={brand.error} aria-hidden style={{ flexShrink: 0 }} />
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          {title && (
            <Text fw={700} c={brand.error}>
              {title}
            </Text>
          )}
          <Text c={brand.text} style={{ overflowWrap: 'anywhere' }}>
            {message}
          </Text>
        </Stack>
        <CloseButton iconSize={20} aria-label="Dismiss" onClick={onDismiss} style={{ flexShrink: 0 }} />
      </Group>
    </Box>
  );
}
