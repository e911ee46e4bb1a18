/**
 * A result the client finishes goes through the outbox: kept on this device
 * until the server has it, shown at once (scored here with the rules the
 * server uses, and marked as not yet on the server), and sent with the id
 * made here, so a resend never records it twice.
 */
import { useMemo } from 'react';
import {
  cognitiveComplete,
  cognitiveScores,
  who5Alert,
  who5RawScore,
  who5Score,
  type Assessment,
  type AssessmentCreate,
  type AssessmentType,
} from '@contract';
import { outbox, useOutbox, type OutboxItem } from '@/lib/outbox';
import { assessmentKeys } from './queries';

const COLLECTION = '/assessments';

/** The outbox's name for one result. */
function assessmentRecord(id: string): string {
  return `assessment:${id.toLowerCase()}`;
}

const TYPE_LABELS: Readonly<Record<AssessmentType, string>> = {
  who5: 'Thrive check',
  cognitive: 'Cognitive tasks',
  cardiovascular_risk: 'Cardiovascular risk result',
};

export type NewResult = Omit<AssessmentCreate, 'id' | 'taken_at'> & { taken_at?: string };

/** Records a result; its id is made here. Resolves once it is kept on this device. */
export function recordAssessment(
  result: NewResult,
  { label, link }: { label?: string; link: string },
): Promise<OutboxItem> {
  const id = crypto.randomUUID();
  const body: AssessmentCreate = { ...result, id, taken_at: result.taken_at ?? new Date().toISOString() };
  return outbox().enqueue({
    record: assessmentRecord(id),
    request: { method: 'post', path: COLLECTION, pathParams: {}, body },
    version: null,
    base: null,
    label: label ?? TYPE_LABELS[result.type],
    fieldLabels: {},
    link,
    refresh: [assessmentKeys.ofClient(result.client_id), assessmentKeys.attention()],
  });
}

/** A result as this device shows it: the server's, or one of its own not sent yet. */
export interface ShownAssessment extends Assessment {
  unsent: boolean;
}

/** A result not on the server yet, scored here by the server's own rules. */
function provisional(body: AssessmentCreate, item: OutboxItem): Assessment {
  const answers = body.type === 'who5' ? (body.answers ?? []) : null;
  const score = answers ? who5Score(answers) : null;
  const scores = body.type === 'cognitive' ? cognitiveScores(body.cognitive ?? {}) : null;
  return {
    id: body.id,
    client_id: body.client_id,
    client_name: '',
    type: body.type,
    taken_at: body.taken_at,
    created_at: new Date(item.createdAt).toISOString(),
    created_by: item.author,
    created_by_name: '',
    answers,
    raw_score: answers ? who5RawScore(answers) : null,
    score,
    alert: score !== null && who5Alert(score),
    cognitive: body.type === 'cognitive' ? (body.cognitive ?? {}) : null,
    cognitive_scores: scores,
    complete: scores ? cognitiveComplete(scores) : true,
    baseline: false,
    cardiovascular_risk: null,
    cardiovascular_risk_result: null,
    contacts: [],
  };
}

function isResultFor(item: OutboxItem, clientId: string, type: AssessmentType): AssessmentCreate | null {
  if (item.request.method !== 'post' || item.request.path !== COLLECTION) return null;
  const body = item.request.body as AssessmentCreate | undefined;
  if (!body || body.type !== type || body.client_id.toLowerCase() !== clientId.toLowerCase()) return null;
  return body;
}

/**
 * The server's results with this person's unsent ones of the same client and
 * type, newest first. An unsent complete cognitive run is the baseline when
 * no earlier complete run is known: what the server will decide.
 */
export function withUnsentResults(
  server: readonly Assessment[],
  items: readonly OutboxItem[],
  clientId: string,
  type: AssessmentType,
): ShownAssessment[] {
  const known = new Set(server.map((result) => result.id));
  const unsent = items.flatMap((item) => {
    const body = isResultFor(item, clientId, type);
    return body && !known.has(body.id) ? [provisional(body, item)] : [];
  });
  const all: ShownAssessment[] = [
    ...server.map((result) => ({ ...result, unsent: false })),
    ...unsent.map((result) => ({ ...result, unsent: true })),
  ].sort((a, b) => Date.parse(b.taken_at) - Date.parse(a.taken_at) || (a.id < b.id ? -1 : 1));
  if (type === 'cognitive' && !all.some((result) => result.baseline)) {
    const first = [...all].reverse().find((result) => result.complete);
    if (first) first.baseline = true;
  }
  return all;
}

/** The client's results of one type as this person sees them, unsent ones included. */
export function useShownResults(
  server: readonly Assessment[],
  clientId: string,
  type: AssessmentType,
): ShownAssessment[] {
  const { items } = useOutbox();
  return useMemo(() => withUnsentResults(server, items, clientId, type), [server, items, clientId, type]);
}
