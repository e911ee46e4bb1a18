/**
 * The caller of one request, as every service sees it: who (and with which
 * role, from the API's own records), from which device, and with which
 * Idempotency-Key. The transport makes it (http/authenticate.ts); nothing
 * here depends on how.
 */
import type { Caller } from '@contract';

/** A write's Idempotency-Key, with the hash of the request it was first used for. */
export interface IdempotencyClaim {
  key: string;
  requestHash: string;
}

export interface Actor extends Caller {
  /** A client's HIPAA consent as the API holds it (true for every other role). */
  consented?: boolean;
  /** The app's own id of the device (X-Thrive-Device), recorded in the audit log. */
  deviceId: string | null;
  idempotency: IdempotencyClaim | null;
}
