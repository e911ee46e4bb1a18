/**
 * The providers that carry messages, each behind one small interface the
 * sender uses: e-mail through SMTP (nodemailer; in production any relay, such
 * as Amazon SES's SMTP endpoint), SMS through Amazon SNS. In the local stack
 * SMS go to the same SMTP inbox as e-mails, addressed `<number>@sms.local`, so
 * no message leaves the machine and a newcomer sees everything the demo sends.
 */
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** An RFC 5545 file, attached as `appointment.ics`. */
  calendar: string | null;
  /** RFC 8058 one-click unsubscribe address. */
  unsubscribeUrl: string | null;
}

export interface OutgoingSms {
  /** E.164. */
  to: string;
  text: string;
}

/** What the provider said: its own id of the message, when it gives one. */
export interface ProviderReceipt {
  providerId: string | null;
}

export interface EmailProvider {
  send(email: OutgoingEmail): Promise<ProviderReceipt>;
  close(): void;
}

export interface SmsProvider {
  send(sms: OutgoingSms): Promise<ProviderReceipt>;
}

export interface Providers {
  email: EmailProvider;
  sms: SmsProvider;
}

/** `smtp://host:port` (or `smtps://user:pass@host:465`) and the From address. */
export function smtpEmailProvider(smtpUrl: string, from: string): EmailProvider {
  // Without limits a hung relay would hold the sender's round.
  const transport = nodemailer.createTransport(
    { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 },
    { from },
  );
  return {
    async send(email) {
      const info = await transport.sendMail({
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.calendar === null
          ? {}
          : {
              attachments: [
                {
                  filename: 'appointment.ics',
                  content: email.calendar,
                  contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
                },
              ],
            }),
        ...(email.unsubscribeUrl === null
          ? {}
          : {
              list: { unsubscribe: email.unsubscribeUrl },
              headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
            }),
      });
      return { providerId: info.messageId ?? null };
    },
    close() {
      transport.close();
    },
  };
}

/** SMS through Amazon SNS, transactional, with the default credential chain. */
export function snsSmsProvider(region: string): SmsProvider {
  const client = new SNSClient({ region, requestHandler: { connectionTimeout: 3_000, requestTimeout: 10_000 } });
  return {
    async send(sms) {
      const published = await client.send(
        new PublishCommand({
          PhoneNumber: sms.to,
          Message: sms.text,
          MessageAttributes: {
            'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
          },
        }),
      );
      return { providerId: published.MessageId ?? null };
    },
  };
}

/** The local stack's SMS: an e-mail to `<number>@sms.local` in the same inbox. */
export function inboxSmsProvider(email: EmailProvider): SmsProvider {
  return {
    send: (sms) =>
      email.send({
        to: `${sms.to.replace(/^\+/, '')}@sms.local`,
        subject: `SMS to ${sms.to}`,
        text: sms.text,
        calendar: null,
        unsubscribeUrl: null,
      }),
  };
}
