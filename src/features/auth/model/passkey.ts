import { passkeyUnlockSupported } from '@/lib/storage/passkey-support';
import { deviceSettings } from '@/pwa/device-mode';

/**
 * Whether a password that opens the data now may lead to the offer of passkey
 * unlock: only on a personal device (a shared tablet or a kiosk changes hands,
 * and a passkey there would be the device's, not the person's), where the
 * browser can do it.
 */
export async function passkeyOfferWanted(): Promise<boolean> {
  return deviceSettings().mode === 'personal' && (await passkeyUnlockSupported());
}

/** The ceremonies' code, loaded when a passkey is first made or asked for. */
export const passkeyCeremony = () => import('@/lib/storage/passkey-ceremony');

export const PASSKEY_MESSAGES = {
  offerTitle: 'Unlock with fingerprint, face or screen lock next time',
  offerText:
    'Thrive asks for your password each time it opens. On this device, your fingerprint, face or screen lock can unlock it instead. Your password keeps working.',
  on: 'Passkey unlock is on. Next time, choose “Unlock with passkey”.',
  notMade: 'The passkey was not made, so nothing changed. You can try again, or keep using your password.',
  noPrf: 'This device’s screen lock cannot unlock Thrive, so nothing changed. Keep using your password.',
  failed: 'Passkey unlock could not be turned on. Keep using your password.',
} as const;
