/**
 * How unsent changes read on screen: their state, their values, their age.
 * Pure, so the words are tested once.
 */
import { counted, formatAge, formatDateTime, type ClinicClock } from '@/lib/intl';
import type { OutboxCounts, OutboxItem } from '@/lib/outbox';

export type SyncTone = 'saved' | 'waiting' | 'attention';

export interface SyncSummary {
  tone: SyncTone;
  /** The whole sentence (the indicator's accessible name). */
  text: string;
  /** The few words a phone's header has room for. */
  short: string;
}

/** The shell's line: 'All changes saved' only when nothing of this person's is unsent. */
export function syncSummary(counts: OutboxCounts, online: boolean): SyncSummary {
  const review = counts.failed + counts.conflict;
  if (review > 0) {
    const parts = [
      counts.conflict > 0 ? counted(counts.conflict, 'change needs review', 'changes need review') : '',
      counts.failed > 0 ? counted(counts.failed, 'change failed', 'changes failed') : '',
      counts.waiting > 0 ? `${counts.waiting} waiting` : '',
    ].filter(Boolean);
    return { tone: 'attention', text: parts.join(', '), short: `${review} to review` };
  }
  if (counts.waiting > 0) {
    const changes = counted(counts.waiting, 'change', 'changes');
    return online
      ? { tone: 'waiting', text: `Saving ${changes} to the server`, short: `Saving ${counts.waiting}` }
      : {
          tone: 'waiting',
          text: `${changes} saved on this device, waiting for the network`,
          short: `${counts.waiting} waiting`,
        };
  }
  return { tone: 'saved', text: 'All changes saved', short: 'All saved' };
}

export const STATE_LABELS: Readonly<Record<OutboxItem['state'], string>> = {
  waiting: 'Waiting to send',
  sending: 'Sending',
  failed: 'Failed',
  conflict: 'Needs review',
};

/** A field's value as a person reads it in a comparison. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'Empty';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'Empty' : value.map(describeValue).join(', ');
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.length === 0 ? 'Empty' : entries.map(([key, item]) => `${key}: ${describeValue(item)}`).join('; ');
}

/** The fields a change sets, by their labels. */
export function changedFieldLabels(item: OutboxItem): string[] {
  const body = item.request.body;
  if (!body || typeof body !== 'object') return [];
  return Object.keys(body).map((field) => item.fieldLabels[field] ?? field);
}

const DAY_MS = 24 * 3_600_000;

/** When the change was made, as a person says it: how long ago within a day, else when on the clinic's clock. */
export function madeWhen(createdAt: number, now: number, clock: ClinicClock): string {
  return now - createdAt < DAY_MS ? formatAge(Math.max(0, now - createdAt)) : `on ${formatDateTime(createdAt, clock)}`;
}
