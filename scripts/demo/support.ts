/**
 * The demo's messages between clients and the clinic: a few threads at Thrive
 * Bengaluru, some answered by reception or a nurse, some still waiting, so the
 * hub shows open messages and client2's support screen shows a conversation.
 * Written once (stable ids); a thread people wrote to since is left as it is.
 */
import type { Queryable } from '../../server/db/database.ts';
import { DEMO_CLINIC, demoAccount, type DemoAccount } from './accounts.ts';
import { stableUuid } from './stable-id.ts';

interface DemoMessage {
  /** A demo account's e-mail for the clinic's side; absent for the client. */
  from?: string;
  text: string;
  /** Hours before now. */
  hoursAgo: number;
}

interface DemoThread {
  key: string;
  subject: string;
  messages: readonly DemoMessage[];
}

/** Threads by client; `client2` is the featured demo client, the rest are generated clients by their place. */
const THREADS: readonly (DemoThread & { client: 'client2' | number })[] = [
  {
    key: 'parking',
    client: 'client2',
    subject: 'Parking at the clinic',
    messages: [
      { text: 'Is there parking near the clinic for my session tomorrow?', hoursAgo: 30 },
      {
        from: 'reception@thrive.test',
        text: 'Yes: the building has visitor parking on level B1. Show your booking at the gate and it is free for three hours.',
        hoursAgo: 28,
      },
    ],
  },
  {
    key: 'invoice',
    client: 1,
    subject: 'Invoice for my IV drip',
    messages: [{ text: 'Could you send me an invoice for last week’s IV drip for my insurer?', hoursAgo: 5 }],
  },
  {
    key: 'fasting',
    client: 2,
    subject: 'Coffee before the blood panel?',
    messages: [
      { text: 'May I have black coffee before the fasting blood panel?', hoursAgo: 20 },
      {
        from: 'nurse@thrive.test',
        text: 'Please do not: only water for the 10 hours before. You can have coffee right after the sample is taken.',
        hoursAgo: 19,
      },
      { text: 'Thanks. And my thyroid tablet?', hoursAgo: 2 },
    ],
  },
  {
    key: 'pemf',
    client: 3,
    subject: 'Moving my PEMF session',
    messages: [{ text: 'I have a work trip next week. Can someone call me to move my PEMF session?', hoursAgo: 1 }],
  },
];

/** Adds the demo threads that are missing, each with its messages, at times relative to `now`. */
export async function seedDemoSupport(db: Queryable, now: Date, clients: readonly DemoAccount[]): Promise<void> {
  const [clinic] = await db.query<{ id: string }>('SELECT id FROM clinics WHERE name = $1', [DEMO_CLINIC]);
  if (!clinic) return;
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 60 * 60 * 1000);
  for (const thread of THREADS) {
    const client = thread.client === 'client2' ? demoAccount('client2@thrive.test') : clients[thread.client];
    if (!client) continue;
    const id = stableUuid(`thrive-demo-support:${thread.key}`);
    const last = thread.messages.at(-1)!;
    const inserted = await db.query<{ id: string }>(
      `INSERT INTO support_threads (id, client_id, clinic_id, subject, status, created_at, last_message_at)
       SELECT $1, u.id, $3, $4, $5, $6, $7 FROM users u WHERE u.id = $2
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        id,
        client.id,
        clinic.id,
        thread.subject,
        last.from ? 'answered' : 'open',
        at(thread.messages[0]!.hoursAgo),
        at(last.hoursAgo),
      ],
    );
    if (inserted.length === 0) continue;
    for (const [index, message] of thread.messages.entries()) {
      await db.query(
        `INSERT INTO support_messages (id, thread_id, author_id, from_clinic, text, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING`,
        [
          stableUuid(`thrive-demo-support:${thread.key}:${index}`),
          id,
          message.from ? demoAccount(message.from).id : client.id,
          message.from !== undefined,
          message.text,
          at(message.hoursAgo),
        ],
      );
    }
  }
}
