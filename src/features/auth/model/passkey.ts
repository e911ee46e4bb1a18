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
