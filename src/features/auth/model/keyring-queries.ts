import { queryOptions } from '@tanstack/react-query';
import { keyring } from '@/lib/storage/keyring';

/**
 * What this device holds of a person's sealed key, read from the device (offline too, never kept): whether a
 * password can still open it, and the passkey they turned on here, if any. The unlock screen and the signer's
 * re-confirmation ask the same.
 */
export const keyringQueries = {
  usable: (username: string) =>
    queryOptions({
      queryKey: ['keyring', 'usable', username],
      queryFn: () => keyring.canUnlock(username),
      networkMode: 'always',
      gcTime: 0,
    }),
  passkey: (username: string) =>
    queryOptions({
      queryKey: ['keyring', 'passkey', username],
      queryFn: () => keyring.passkeyOf(username),
      networkMode: 'always',
      gcTime: 0,
    }),
};
