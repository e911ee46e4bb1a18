import type { ApiClient } from '@/lib/api/client';
import { isApiError, isSessionExpiredError } from '@/lib/api/errors';
import type { OutboxItem, SendAnswer } from './model';

/**
 * Sends one change through the API client: its Idempotency-Key is the
 * change's own id, its If-Match the version it was made from. Every outcome
 * becomes an answer; nothing is thrown.
 */
export async function sendThroughApi(client: ApiClient, item: OutboxItem): Promise<SendAnswer> {
  const { method, path, pathParams, body } = item.request;
  const headers: Record<string, string> = { 'Idempotency-Key': item.id };
  if (item.version !== null && !item.unconditional) headers['If-Match'] = `"${item.version}"`;
  try {
    // The stored request names a contract path and method as data; the client's per-path typing cannot follow it.
    const request = client.request as unknown as (
      method: string,
      url: string,
      init: { params: { path: Readonly<Record<string, string>> }; body?: unknown; headers: Record<string, string> },
    ) => Promise<{ data?: unknown; response: Response }>;
    const result = await request(method, path, { params: { path: pathParams }, body, headers });
    return { status: result.response.status, body: result.data ?? null, problem: null, message: '' };
  } catch (error) {
    if (isSessionExpiredError(error)) return { status: 401, body: null, problem: null, message: error.message };
    if (isApiError(error)) return { status: error.status, body: null, problem: error.problem, message: error.message };
    return { status: 0, body: null, problem: null, message: error instanceof Error ? error.message : String(error) };
  }
}
