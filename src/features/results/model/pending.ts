import type { components } from '@contract';

/** A partner test whose sample was taken and whose result is not in yet. */
export type PendingResult = components['schemas']['PendingResult'];

/** What each dialog that adds a client's result is given: whose, for which booking (null: from elsewhere), open or not. */
export interface ResultDialogProps {
  clientId: string;
  clientName: string;
  /** The partner-test booking the sample was taken at; null for a result from elsewhere. */
  booking: PendingResult | null;
  opened: boolean;
  onClose: () => void;
}
