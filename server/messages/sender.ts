/**
 * The sender: in the API process, a round every few seconds. A round first
 * takes a transaction-scoped advisory lock, so one instance at a time writes
 * the reminders coming due and claims due messages; a claimed message carries
 * a lease, which no other sender's round takes while it lasts. Each message
 * then goes through its provider outside any transaction, and every attempt is
 * recorded: sent, or failed with the reason and the next try after a backoff,
 * until the message's deadline, when it is failed for staff to see. An SMS
 * due in the clinic's quiet hours waits for their end.
 */
import { afterQuietHours } from '@contract';
import type { Database } from '../db/database.ts';
import { logError } from '../core/log.ts';
import { prepareMessage, type ClaimedMessage } from './delivery.ts';
import type { Providers, ProviderReceipt } from './providers.ts';
import { queueDueReminders } from './reminders.ts';
import { renderMessage } from './templates.ts';

/** Any fixed number: it names the sender's lock among the server's advisory locks. */
const SENDER_LOCK_KEY = 7_432_021;
/** Messages one round claims. */
const BATCH_SIZE = 25;
/** How long a claim holds: far longer than a round's sends take, short enough to recover from a crash. */
const LEASE_MS = 2 * 60_000;
/** The first retry after a failure; each further one waits twice as long, up to MAX_BACKOFF_MS. */
const FIRST_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 30 * 60_000;

export const QUIET_HOURS_REASON = 'An SMS waits for the end of the clinic’s quiet hours (08:00).';

export interface SenderDeps {
  db: Database;
  providers: Providers;
  /** Where people open Thrive (links in messages). */
  appUrl: string;
  now?: () => Date;
}

export function backoffMs(attempts: number): number {
  return Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

/** Why a send failed, by the error's name and codes only: a provider's message may quote the address. */
function failureReason(error: unknown): string {
  if (!(error instanceof Error)) return 'The provider failed.';
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  const codes = [code, responseCode].filter((part) => typeof part === 'string' || typeof part === 'number');
  return `The provider refused or could not be reached (${[error.name, ...codes].join(' ')}).`;
}

/** Takes the due messages for this sender, oldest first, after writing the reminders that came due. */
async function claim(db: Database, now: Date): Promise<ClaimedMessage[]> {
  return db.transaction(async (tx) => {
    const [lock] = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [
      SENDER_LOCK_KEY,
    ]);
    if (!lock?.locked) return [];
    await queueDueReminders(tx, now);
    const claimed = await tx.query<ClaimedMessage>(
      `UPDATE messages SET lease_until = $1
       WHERE id IN (SELECT id FROM messages
                    WHERE status = 'pending' AND not_before <= $2 AND (lease_until IS NULL OR lease_until <= $2)
                    ORDER BY not_before, created_at LIMIT ${BATCH_SIZE} FOR UPDATE SKIP LOCKED)
       RETURNING id, kind, channel, recipient_id, address, clinic_id, appointment_id, payload, attempts, give_up_at,
                 unsubscribe_token, created_at`,
      [new Date(now.getTime() + LEASE_MS), now],
    );
    return claimed.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
  });
}

/** A secret in the payload (a temporary password) is kept only until the message is done with. */
const SCRUB = `payload = payload - 'temporary_password'`;

async function settle(db: Database, id: string, status: 'skipped' | 'failed', reason: string): Promise<void> {
  await db.query(`UPDATE messages SET status = $2, reason = $3, lease_until = NULL, ${SCRUB} WHERE id = $1`, [
    id,
    status,
    reason,
  ]);
}

async function recordSent(db: Database, message: ClaimedMessage, receipt: ProviderReceipt, now: Date) {
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE messages SET status = 'sent', reason = NULL, sent_at = $2, provider_id = $3, attempts = attempts + 1,
                           lease_until = NULL, ${SCRUB}
       WHERE id = $1`,
      [message.id, now, receipt.providerId],
    );
    await tx.query(`INSERT INTO message_attempts (message_id, at, outcome, provider_id) VALUES ($1, $2, 'sent', $3)`, [
      message.id,
      now,
      receipt.providerId,
    ]);
  });
}

async function recordFailure(db: Database, message: ClaimedMessage, error: unknown, now: Date) {
  const reason = failureReason(error);
  const attempts = message.attempts + 1;
  const next = new Date(now.getTime() + backoffMs(attempts));
  const givesUp = next >= new Date(message.give_up_at);
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE messages SET attempts = $2, lease_until = NULL, not_before = $3, status = $4, reason = $5
                           ${givesUp ? `, ${SCRUB}` : ''}
       WHERE id = $1`,
      [
        message.id,
        attempts,
        next,
        givesUp ? 'failed' : 'pending',
        givesUp ? `Gave up after ${attempts} tries. ${reason}` : reason,
      ],
    );
    await tx.query(`INSERT INTO message_attempts (message_id, at, outcome, detail) VALUES ($1, $2, 'failed', $3)`, [
      message.id,
      now,
      reason,
    ]);
  });
}

async function deliver(deps: SenderDeps, message: ClaimedMessage, now: Date): Promise<void> {
  if (now >= new Date(message.give_up_at)) {
    await settle(deps.db, message.id, 'failed', 'Not sent before its deadline.');
    return;
  }
  const prepared = await prepareMessage(deps.db, message, { appUrl: deps.appUrl, now });
  if (!prepared.due) {
    await settle(deps.db, message.id, 'skipped', prepared.reason);
    return;
  }
  const { context } = prepared;
  if (message.channel === 'sms' && context.clinic) {
    const allowed = afterQuietHours(now, context.clinic.timeZone);
    if (allowed > now) {
      await deps.db.query('UPDATE messages SET not_before = $2, lease_until = NULL, reason = $3 WHERE id = $1', [
        message.id,
        allowed,
        QUIET_HOURS_REASON,
      ]);
      return;
    }
  }
  const rendered = renderMessage(context);
  try {
    const receipt =
      message.channel === 'sms'
        ? await deps.providers.sms.send({ to: message.address, text: rendered.text })
        : await deps.providers.email.send({
            to: message.address,
            subject: rendered.subject,
            text: rendered.text,
            calendar: rendered.calendar,
            unsubscribeUrl: context.unsubscribeUrl,
          });
    await recordSent(deps.db, message, receipt, now);
  } catch (error) {
    logError({ event: 'Sending a message failed', ids: { message: message.id, kind: message.kind } }, error);
    await recordFailure(deps.db, message, error, now);
  }
}

/** One round: reminders due, then every claimed message delivered or its failure recorded. How many it claimed. */
export async function runSenderRound(deps: SenderDeps): Promise<number> {
  const now = (deps.now ?? (() => new Date()))();
  const claimed = await claim(deps.db, now);
  for (const message of claimed) {
    try {
      await deliver(deps, message, now);
    } catch (error) {
      // The lease runs out and a later round tries again.
      logError({ event: 'Delivering a message failed', ids: { message: message.id } }, error);
    }
  }
  return claimed.length;
}

export interface RunningSender {
  stop(): Promise<void>;
}

/** Rounds every `intervalMs`, one at a time; a full batch is followed at once by the next round. */
export function startSender(deps: SenderDeps, intervalMs: number): RunningSender {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      round = runSenderRound(deps)
        .then((claimed) => schedule(claimed === BATCH_SIZE ? 0 : intervalMs))
        .catch((error: unknown) => {
          logError({ event: 'A sender round failed' }, error);
          schedule(intervalMs);
        });
    }, delay);
  };
  schedule(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
      deps.providers.email.close();
    },
  };
}
