/**
 * Lab results and advice written on this device go through the outbox: kept
 * here until the server has them, sent in order per record with the id made
 * here (a resend never records twice) and the version they were made from.
 * A lab's report file is the exception: it is sent at once (importLabReport),
 * because whoever imports it must see straight away what the lab got wrong.
 */
import { useMemo } from 'react';
import type { components } from '@contract';
import { api, dataOf } from '@/lib/api';
import { outbox, useOutbox, type OutboxItem } from '@/lib/outbox';
import { adviceKeys, resultKeys } from './queries';

type Schemas = components['schemas'];
export type Result = Schemas['Result'];
export type Advice = Schemas['Advice'];
export type ResultCreate = Schemas['ResultCreate'];
export type AdviceCreate = Schemas['AdviceCreate'];

function resultRecord(id: string): string {
  return `result:${id.toLowerCase()}`;
}

function adviceRecord(id: string): string {
  return `advice:${id.toLowerCase()}`;
}

/** Enters a result typed on the form; its id is made here. */
export function enterResult(
  result: Omit<ResultCreate, 'id'>,
  { clientName, link }: { clientName: string; link: string },
): Promise<OutboxItem> {
  const id = crypto.randomUUID();
  return outbox().enqueue({
    record: resultRecord(id),
    request: { method: 'post', path: '/results', pathParams: {}, body: { ...result, id } },
    version: null,
    base: null,
    label: `${clientName}: a lab result`,
    fieldLabels: {},
    link,
    refresh: [resultKeys.ofClient(result.client_id), resultKeys.critical()],
  });
}

/** Releases the version of a result the doctor reviewed. */
export function releaseResult(
  result: Pick<Result, 'id' | 'client_id' | 'version' | 'test_name'>,
  note: string | null,
  { clientName, link }: { clientName: string; link: string },
): Promise<OutboxItem> {
  return outbox().enqueue({
    record: resultRecord(result.id),
    request: { method: 'post', path: '/results/{id}/release', pathParams: { id: result.id }, body: { note } },
    version: result.version,
    base: null,
    label: `${clientName}: release ${result.test_name}`,
    fieldLabels: { note: 'Note to the client' },
    link,
    refresh: [resultKeys.ofClient(result.client_id), resultKeys.critical()],
  });
}

/** Sends a lab's FHIR R4 report at once; rejects with the API's problem (every entry at fault) on a refusal. */
export async function importLabReport({
  clientId,
  appointmentId,
  bundle,
}: {
  clientId: string;
  appointmentId: string | null;
  bundle: unknown;
}): Promise<Result> {
  const answer = await api().POST('/results/import', {
    params: { query: { client: clientId, ...(appointmentId ? { appointment: appointmentId } : {}) } },
    // The file as the lab wrote it: the server checks it against FHIR R4 and says where it fails.
    body: bundle as Schemas['FhirBundle'],
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  return dataOf(answer);
}

/** Writes advice for a client; its id and its steps' ids are made here. */
export function writeAdvice(
  advice: Omit<AdviceCreate, 'id'>,
  { clientName, link }: { clientName: string; link: string },
): Promise<OutboxItem> {
  const id = crypto.randomUUID();
  return outbox().enqueue({
    record: adviceRecord(id),
    request: { method: 'post', path: '/advices', pathParams: {}, body: { ...advice, id } },
    version: null,
    base: null,
    label: `${clientName}: advice “${advice.title}”`,
    fieldLabels: {},
    link,
    refresh: [adviceKeys.ofClient(advice.client_id), adviceKeys.all],
  });
}

/**
 * The client acknowledges advice or ticks a step off (or on again). Each says
 * what it sets, not what it toggles, so carried onto a newer version it means
 * the same: no conflict to show (base null).
 */
export function followAdvice(
  advice: Pick<Advice, 'id' | 'client_id' | 'version' | 'title'>,
  change: { acknowledged?: true; done?: Record<string, boolean> },
  { link }: { link: string },
): Promise<OutboxItem> {
  const what = change.acknowledged ? 'acknowledge' : 'tick off a step of';
  return outbox().enqueue({
    record: adviceRecord(advice.id),
    request: { method: 'patch', path: '/advices/{id}', pathParams: { id: advice.id }, body: change },
    version: advice.version,
    base: null,
    label: `Advice: ${what} “${advice.title}”`,
    fieldLabels: { acknowledged: 'Acknowledged', done: 'Steps done' },
    link,
    refresh: [adviceKeys.ofClient(advice.client_id)],
  });
}

/** A piece of advice as this device shows it: the server's with this person's unsent changes laid over. */
export interface ShownAdvice extends Advice {
  unsent: boolean;
}

function laidOver(advice: Advice, items: readonly OutboxItem[]): ShownAdvice {
  const own = items.filter((item) => item.record === adviceRecord(advice.id) && item.request.method === 'patch');
  let shown: Advice = advice;
  for (const item of own) {
    const body = item.request.body as { acknowledged?: true; done?: Record<string, boolean> };
    const at = new Date(item.createdAt).toISOString();
    shown = {
      ...shown,
      acknowledged_at: body.acknowledged ? (shown.acknowledged_at ?? at) : shown.acknowledged_at,
      steps: shown.steps.map((step) =>
        body.done && step.id in body.done
          ? { ...step, done_at: body.done[step.id] ? (step.done_at ?? at) : null }
          : step,
      ),
    };
  }
  return { ...shown, unsent: own.length > 0 };
}

/** Advice written here and not on the server yet, as it will read. */
function unsentAdvice(items: readonly OutboxItem[], clientId: string, known: ReadonlySet<string>): ShownAdvice[] {
  return items.flatMap((item) => {
    if (item.request.method !== 'post' || item.request.path !== '/advices') return [];
    const body = item.request.body as AdviceCreate;
    if (body.client_id.toLowerCase() !== clientId.toLowerCase() || known.has(body.id)) return [];
    const at = new Date(item.createdAt).toISOString();
    return [
      {
        ...body,
        client_name: '',
        author_id: item.author,
        author_name: 'You',
        author_role: null,
        steps: body.steps.map((step) => ({ ...step, done_at: null })),
        created_at: at,
        updated_at: at,
        acknowledged_at: null,
        version: 1,
        unsent: true,
      },
    ];
  });
}

/** The client's advice as this person sees it, unsent changes and new advice included. */
export function useShownAdvice(server: readonly Advice[], clientId: string): ShownAdvice[] {
  const { items } = useOutbox();
  return useMemo(() => {
    const known = new Set(server.map((advice) => advice.id));
    return [...unsentAdvice(items, clientId, known), ...server.map((advice) => laidOver(advice, items))];
  }, [server, items, clientId]);
}
