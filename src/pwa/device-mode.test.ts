import { describe, expect, it } from 'vitest';
import { keepsTokensInTabOnly, persistsData, resolveDeviceSettings, signsOutWhenIdle } from './device-mode';

describe('device settings', () => {
  it('default to a personal device', () => {
    expect(resolveDeviceSettings({}, null)).toEqual({ mode: 'personal', idleMinutes: 15 });
  });

  it('take the build’s mode, with 15 idle minutes on shared tablets and 2 on kiosks', () => {
    expect(resolveDeviceSettings({ VITE_DEVICE_MODE: 'shared' }, null)).toEqual({ mode: 'shared', idleMinutes: 15 });
    expect(resolveDeviceSettings({ VITE_DEVICE_MODE: 'kiosk' }, null)).toEqual({ mode: 'kiosk', idleMinutes: 2 });
    expect(
      resolveDeviceSettings(
        { VITE_DEVICE_MODE: 'kiosk', VITE_IDLE_MINUTES_KIOSK: '5', VITE_IDLE_MINUTES_SHARED: '30' },
        null,
      ),
    ).toEqual({ mode: 'kiosk', idleMinutes: 5 });
  });

  it('make a kiosk of a device whose build default says so, with nothing stored on it', () => {
    const settings = resolveDeviceSettings({ VITE_DEVICE_MODE: 'kiosk' }, JSON.stringify({ idleMinutes: 5 }));
    expect(settings).toEqual({ mode: 'kiosk', idleMinutes: 5 });
    expect([keepsTokensInTabOnly(settings.mode), persistsData(settings.mode)]).toEqual([true, false]);
  });

  it('prefer what is stored on the device', () => {
    const stored = JSON.stringify({ mode: 'kiosk', idleMinutes: 3 });
    expect(resolveDeviceSettings({ VITE_DEVICE_MODE: 'personal' }, stored)).toEqual({ mode: 'kiosk', idleMinutes: 3 });
  });

  it('ignore damaged or unknown values', () => {
    expect(resolveDeviceSettings({ VITE_DEVICE_MODE: 'tablet' }, '{oops')).toEqual({
      mode: 'personal',
      idleMinutes: 15,
    });
    expect(resolveDeviceSettings({}, JSON.stringify({ mode: 'desk', idleMinutes: 'x' }))).toEqual({
      mode: 'personal',
      idleMinutes: 15,
    });
  });

  it('keep the idle time between 2 minutes and 4 hours', () => {
    expect(resolveDeviceSettings({}, JSON.stringify({ mode: 'shared', idleMinutes: 0.5 })).idleMinutes).toBe(2);
    expect(resolveDeviceSettings({}, JSON.stringify({ mode: 'shared', idleMinutes: 10_000 })).idleMinutes).toBe(240);
  });

  it('decide what is kept and who is signed out when idle', () => {
    expect([persistsData('personal'), persistsData('shared'), persistsData('kiosk')]).toEqual([true, true, false]);
    expect([keepsTokensInTabOnly('personal'), keepsTokensInTabOnly('shared'), keepsTokensInTabOnly('kiosk')]).toEqual([
      false,
      true,
      true,
    ]);
    expect([signsOutWhenIdle('personal'), signsOutWhenIdle('shared'), signsOutWhenIdle('kiosk')]).toEqual([
      false,
      true,
      true,
    ]);
  });
});
