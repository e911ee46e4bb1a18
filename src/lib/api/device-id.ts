const STORAGE_KEY = 'thrive-device-id';

/**
 * This device's own id: made once and kept in localStorage (it says nothing
 * about any person). The API writes it into the audit log with each change,
 * so a change can be traced to the tablet it came from.
 */
export function deviceId(storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): string {
  const known = storage.getItem(STORAGE_KEY);
  if (known && /^[0-9a-f-]{36}$/.test(known)) return known;
  const made = crypto.randomUUID();
  storage.setItem(STORAGE_KEY, made);
  return made;
}
