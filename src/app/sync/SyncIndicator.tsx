import { Button, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudUp } from '@tabler/icons-react';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { useOutbox } from '@/lib/outbox';
import { useOnline } from '@/pwa/connection';
import { syncSummary, type SyncTone } from './describe';
import { TOUCH_TARGET } from '@/config/touch';

const UnsentChangesDrawer = lazy(() => import('./UnsentChangesDrawer'));

const TONES: Readonly<Record<SyncTone, { color: string; Icon: typeof IconCloudCheck }>> = {
  saved: { color: 'teal', Icon: IconCloudCheck },
  waiting: { color: 'blue', Icon: IconCloudUp },
  attention: { color: 'red', Icon: IconAlertTriangle },
};

/**
 * Whether this person's changes are on the server, in the header of every
 * signed-in screen: 'All changes saved' only when their outbox is empty;
 * otherwise how many wait, failed or need review. It opens the list of
 * unsent changes.
 */
export function SyncIndicator() {
  const { counts, items } = useOutbox();
  const online = useOnline();
  const [opened, drawer] = useDisclosure(false);
  const summary = syncSummary(counts, online);
  const { color, Icon } = TONES[summary.tone];
  return (
    <>
      <Button
        variant={summary.tone === 'saved' ? 'subtle' : 'light'}
        color={color}
        size="sm"
        h={TOUCH_TARGET}
        px="sm"
        leftSection={<Icon size={20} stroke={1.75} aria-hidden />}
        onClick={drawer.open}
        aria-label={`${summary.text}. Show unsent changes`}
        data-sync-state={summary.tone}
      >
        <Text span size="sm" fw={600} hiddenFrom="sm">
          {summary.short}
        </Text>
        <Text span size="sm" fw={600} visibleFrom="sm">
          {summary.text}
        </Text>
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <UnsentChangesDrawer items={items} opened={opened} onClose={drawer.close} />
        </Suspense>
      )}
    </>
  );
}
