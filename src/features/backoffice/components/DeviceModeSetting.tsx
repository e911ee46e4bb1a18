import { Alert, Button, Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useState } from 'react';
import { toastFailure } from '@/components/toasts';
import {
  DEVICE_MODES,
  deviceSettings,
  resolveDeviceSettings,
  type DeviceConfig,
  type DeviceMode,
  type DeviceSettings,
} from '@/pwa/device-mode';
import { changeDeviceMode } from '@/pwa/local-data';
import { TOUCH_TARGET } from '@/config/touch';

/** Each mode in one line: who uses such a device and what Thrive keeps on it. */
export const DEVICE_MODE_TEXT: Readonly<Record<DeviceMode, { label: string; description: (idle: number) => string }>> =
  {
    personal: {
      label: 'Personal',
      description: () =>
        "One person's own phone or computer: stays signed in and keeps the data they saw (encrypted) for offline use.",
    },
    shared: {
      label: 'Shared tablet',
      description: (idle) =>
        `A tablet passed between staff at a therapy bay: each person's saved data apart, signed out after ${idle} idle minutes.`,
    },
    kiosk: {
      label: 'Kiosk',
      description: (idle) =>
        `A front-desk device: keeps nothing after sign-out, not even saved data, and signs out after ${idle} idle minutes.`,
    },
  };

/** The idle minutes a mode would use on this device: the current setting for the current mode, else the build's. */
function idleMinutesOf(mode: DeviceMode, current: DeviceSettings): number {
  if (mode === current.mode) return current.idleMinutes;
  const config: DeviceConfig = {
    VITE_IDLE_MINUTES_SHARED: import.meta.env.VITE_IDLE_MINUTES_SHARED,
    VITE_IDLE_MINUTES_KIOSK: import.meta.env.VITE_IDLE_MINUTES_KIOSK,
  };
  return resolveDeviceSettings(config, JSON.stringify({ mode })).idleMinutes;
}

/**
 * How this device is used (personal, shared tablet, kiosk). A change signs
 * everyone out, deletes what Thrive saved on the device and restarts on the
 * sign-in page, because where sign-in tokens live is decided at start; it is
 * confirmed first.
 */
export function DeviceModeSetting() {
  const current = deviceSettings();
  const [chosen, setChosen] = useState<DeviceMode>(current.mode);
  const [confirming, setConfirming] = useState(false);
  const [switching, setSwitching] = useState(false);

  const apply = async () => {
    setSwitching(true);
    try {
      await changeDeviceMode({ mode: chosen });
    } catch (error) {
      setSwitching(false);
      setConfirming(false);
      toastFailure(
        error instanceof Error && error.message ? error.message : 'The device mode could not be changed.',
        'The device mode was not changed',
      );
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="device-mode-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id="device-mode-title">
            This device
          </Title>
          <Text size="sm" c="dimmed">
            How this browser is used decides what Thrive keeps on it. It applies to this device only.
          </Text>
        </Stack>
        <Radio.Group value={chosen} onChange={(value) => setChosen(value)} label="Device mode">
          <Stack gap="sm" mt="xs">
            {DEVICE_MODES.map((mode) => (
              <Radio.Card key={mode} value={mode} radius="md" p="sm" style={{ minHeight: TOUCH_TARGET }}>
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator />
                  <div>
                    <Text fw={600} size="sm">
                      {DEVICE_MODE_TEXT[mode].label}
                      {mode === current.mode && (
                        <Text span size="sm" c="dimmed" fw={400}>
                          {' '}
                          (current)
                        </Text>
                      )}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {DEVICE_MODE_TEXT[mode].description(idleMinutesOf(mode, current))}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
        {chosen !== current.mode && (
          <Button variant="light" onClick={() => setConfirming(true)} style={{ alignSelf: 'flex-start' }}>
            Switch to {DEVICE_MODE_TEXT[chosen].label.toLowerCase()}
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={`Make this device a ${DEVICE_MODE_TEXT[chosen].label.toLowerCase()}?`}
        keepLabel="Cancel"
        actLabel="Sign out and switch"
        color="orange"
        acting={switching}
        onKeep={() => setConfirming(false)}
        onAct={() => void apply()}
      >
        <Text>
          You will be signed out, and everything Thrive saved on this device is deleted. The app then restarts on the
          sign-in page.
        </Text>
        {chosen === 'kiosk' && (
          <Alert color="orange" variant="light">
            A kiosk keeps nothing between sign-ins and signs out after {idleMinutesOf('kiosk', current)} idle minutes.
          </Alert>
        )}
      </ConfirmDialog>
    </Card>
  );
}
