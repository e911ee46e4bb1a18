/**
 * The API's messaging, configured from the environment and started and
 * stopped in one place (server/main.ts calls it):
 *   SMTP_URL        smtp://host:port or smtps://user:pass@host:465 (empty: messages wait in the outbox, unsent)
 *   MAIL_FROM       the From address (default `Thrive <no-reply@thrive.clinic>`)
 *   SMS_PROVIDER    `sns` (Amazon SNS, the default) or `inbox` (the local stack: SMS as e-mails to <number>@sms.local)
 *   SMS_REGION      Amazon SNS's region (default ap-south-1)
 *   APP_PUBLIC_URL  where people open Thrive, for links in messages (default http://localhost:4173)
 *   MESSAGES_INTERVAL_SECONDS  how often the sender looks for due messages (default 5)
 */
import * as v from 'valibot';
import { ConfigurationError } from './config.ts';
import { logInfo } from './core/log.ts';
import type { Database } from './db/database.ts';
import { inboxSmsProvider, smtpEmailProvider, snsSmsProvider } from './messages/providers.ts';
import { startSender, type RunningSender } from './messages/sender.ts';

export interface MessagingConfig {
  smtpUrl: string | null;
  mailFrom: string;
  sms: { kind: 'sns'; region: string } | { kind: 'inbox' };
  appUrl: string;
  intervalMs: number;
}

const MessagingEnvironment = v.object({
  SMTP_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((value) => value === '' || /^smtps?:\/\//.test(value), 'must be an smtp:// or smtps:// URL'),
    ),
    '',
  ),
  MAIL_FROM: v.optional(
    v.pipe(v.string(), v.trim(), v.nonEmpty('must not be empty')),
    'Thrive <no-reply@thrive.clinic>',
  ),
  SMS_PROVIDER: v.optional(v.picklist(['sns', 'inbox'], 'must be sns or inbox'), 'sns'),
  SMS_REGION: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), 'ap-south-1'),
  APP_PUBLIC_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.url('must be a URL'),
      v.transform((url) => url.replace(/\/+$/, '')),
    ),
    'http://localhost:4173',
  ),
  MESSAGES_INTERVAL_SECONDS: v.optional(
    v.pipe(v.string(), v.regex(/^[1-9]\d{0,3}$/, 'must be a number of seconds'), v.transform(Number)),
    '5',
  ),
});

export function parseMessagingConfig(env: Readonly<Record<string, string | undefined>>): MessagingConfig {
  const result = v.safeParse(MessagingEnvironment, env);
  if (!result.success) {
    throw new ConfigurationError(
      result.issues.map((issue) => `${v.getDotPath(issue) ?? '(environment)'} ${issue.message}`),
    );
  }
  const values = result.output;
  return {
    smtpUrl: values.SMTP_URL === '' ? null : values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    sms: values.SMS_PROVIDER === 'inbox' ? { kind: 'inbox' } : { kind: 'sns', region: values.SMS_REGION },
    appUrl: values.APP_PUBLIC_URL,
    intervalMs: values.MESSAGES_INTERVAL_SECONDS * 1000,
  };
}

/** Starts the sender (none without SMTP_URL: messages are still written, and wait). */
export function startMessaging(db: Database, config: MessagingConfig): RunningSender {
  if (config.smtpUrl === null) {
    logInfo('No SMTP_URL: messages are written to the outbox and wait there unsent');
    return { stop: () => Promise.resolve() };
  }
  const email = smtpEmailProvider(config.smtpUrl, config.mailFrom);
  const sms = config.sms.kind === 'inbox' ? inboxSmsProvider(email) : snsSmsProvider(config.sms.region);
  logInfo('Messages sent', {
    email: `SMTP through ${new URL(config.smtpUrl).host}`,
    sms: config.sms.kind === 'inbox' ? 'into the same inbox' : 'through Amazon SNS',
  });
  return startSender({ db, providers: { email, sms }, appUrl: config.appUrl }, config.intervalMs);
}
