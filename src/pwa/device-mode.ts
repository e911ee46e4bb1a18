/**
 * How this device is used (PRODUCT.md section 1), which decides what the
 * browser may keep:
 * - personal: a client's own phone. Persisted cache, tokens in localStorage,
 *   signed out after PERSONAL_IDLE_DAYS without use.
 * - shared: a tablet at a therapy bay. Persisted cache per user, tokens in
 *   sessionStorage, idle sign-out.
 * - kiosk: the front desk. Nothing persisted, tokens in sessionStorage, idle
 *   sign-out back to the sign-in page.
 * The default comes from the build (VITE_DEVICE_MODE); an admin can set the
 * device in hand (stored on the device, in localStorage).
 */

export const DEVICE_MODES = ['personal', 'shared', 'kiosk'] as const;
export type DeviceMode = (typeof DEVICE_MODES)[number];

export interface DeviceSettings {
  mode: DeviceMode;
  /** Minutes without activity before a shared or kiosk device signs out. */
  idleMinutes: number;
}

/** HIPAA automatic logoff defaults: a bay tablet is left alone longer than a front-desk kiosk. */
export const DEFAULT_IDLE_MINUTES: Readonly<Record<Exclude<DeviceMode, 'personal'>, number>> = {
  shared: 15,
  kiosk: 2,
};

/** The warning with a countdown covers the last minute, so less than two minutes would leave no quiet time. */
export const MIN_IDLE_MINUTES = 2;
export const MAX_IDLE_MINUTES = 240;

export const DEVICE_SETTINGS_KEY = 'thrive.device';

export function isDeviceMode(value: unknown): value is DeviceMode {
  return typeof value === 'string' && (DEVICE_MODES as readonly string[]).includes(value);
}

function clampMinutes(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return undefined;
  return Math.min(MAX_IDLE_MINUTES, Math.max(MIN_IDLE_MINUTES, n));
}

/** The build's configuration: VITE_DEVICE_MODE and the idle minutes per mode. */
export interface DeviceConfig {
  VITE_DEVICE_MODE?: unknown;
  VITE_IDLE_MINUTES_SHARED?: unknown;
  VITE_IDLE_MINUTES_KIOSK?: unknown;
}

/**
 * The settings of this device: what is stored on it, else the build's
 * configuration, else personal. Pure, for tests; `deviceSettings()` reads the page's.
 */
export function resolveDeviceSettings(config: DeviceConfig, stored: string | null): DeviceSettings {
  let saved: { mode?: unknown; idleMinutes?: unknown } = {};
  try {
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    if (typeof parsed === 'object' && parsed !== null) saved = parsed;
  } catch {
    // A damaged value falls back to the configuration.
  }
  const mode = isDeviceMode(saved.mode)
    ? saved.mode
    : isDeviceMode(config.VITE_DEVICE_MODE)
      ? config.VITE_DEVICE_MODE
      : 'personal';
  const configured =
    mode === 'kiosk'
      ? (clampMinutes(config.VITE_IDLE_MINUTES_KIOSK) ?? DEFAULT_IDLE_MINUTES.kiosk)
      : (clampMinutes(config.VITE_IDLE_MINUTES_SHARED) ?? DEFAULT_IDLE_MINUTES.shared);
  return { mode, idleMinutes: clampMinutes(saved.idleMinutes) ?? configured };
}

function readStored(): string | null {
  try {
    return localStorage.getItem(DEVICE_SETTINGS_KEY);
  } catch {
    return null;
  }
}

/** The settings as the page started with them; changes apply at the next start. */
let startSettings: DeviceSettings | undefined;

export function deviceSettings(): DeviceSettings {
  const env: DeviceConfig = {
    VITE_DEVICE_MODE: import.meta.env.VITE_DEVICE_MODE,
    VITE_IDLE_MINUTES_SHARED: import.meta.env.VITE_IDLE_MINUTES_SHARED,
    VITE_IDLE_MINUTES_KIOSK: import.meta.env.VITE_IDLE_MINUTES_KIOSK,
  };
  startSettings ??= resolveDeviceSettings(env, readStored());
  return startSettings;
}

/**
 * Whether this device keeps what must outlive a session: changes not yet sent
 * and the saved data of its users (personal and shared devices), or settings
 * of its own (an admin set its mode). Then signing out asks the browser to
 * clear its HTTP cache only (the app deletes the session's data itself);
 * otherwise the site's storage too (Clear-Site-Data).
 */
export function keepsDeviceData(): boolean {
  return persistsData(deviceSettings().mode) || readStored() !== null;
}

/** Whether the query cache may be written to this device. */
export const persistsData = (mode: DeviceMode): boolean => mode !== 'kiosk';

/**
 * Whether the sign-in tokens live in this tab only (sessionStorage), so that
 * none stays in localStorage: decided at start, before the session is read.
 * A device more than one person uses keeps no refresh token on its disk for
 * the next one to find; a reload keeps the tab's session (behind the unlock
 * screen), closing the browser ends it.
 */
export const keepsTokensInTabOnly = (mode: DeviceMode): boolean => mode !== 'personal';

/** Whether signed-in users are signed out after a while without activity. */
export const signsOutWhenIdle = (mode: DeviceMode): boolean => mode !== 'personal';

/**
 * Stores the mode (and optionally the idle minutes) of this device. It takes
 * effect at the next start of the app, because where the sign-in tokens live
 * is decided before anyone signs in: the backoffice signs the user out and
 * reloads after calling this (`changeDeviceMode` in ./local-data does both).
 */
export function storeDeviceSettings(next: { mode: DeviceMode; idleMinutes?: number | null }): void {
  const value: { mode: DeviceMode; idleMinutes?: number } = { mode: next.mode };
  const minutes = clampMinutes(next.idleMinutes);
  if (minutes !== undefined) value.idleMinutes = minutes;
  localStorage.setItem(DEVICE_SETTINGS_KEY, JSON.stringify(value));
}
