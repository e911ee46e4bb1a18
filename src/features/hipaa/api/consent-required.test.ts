import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { CONSENT_REQUIRED_PROBLEM } from '@contract';
import { ApiError } from '@/lib/api/errors';
import { createSessionStore } from '@/lib/auth/session';
import { userKeys } from '@/features/people';
import { recheckConsentWhenRefused } from './consent-required';

function setup() {
  const session = createSessionStore({
    authenticated: true,
    role: 'CLIENT',
    username: 'c-1',
    email: 'client@thrive.test',
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(userKeys.detail('c-1'), { consented: true });
  const stop = recheckConsentWhenRefused(queryClient, session);
  return { queryClient, stop };
}

const refusal = (type: string) =>
  new ApiError(403, { type, title: 'Forbidden', status: 403, detail: 'Give your HIPAA authorization first.' }, 'x');

describe('recheckConsentWhenRefused', () => {
  it('re-reads the client’s own detail when the server asks for consent', async () => {
    const { queryClient } = setup();
    await queryClient
      .query({ queryKey: ['appointments'], queryFn: () => Promise.reject(refusal(CONSENT_REQUIRED_PROBLEM)) })
      .catch(() => undefined);
    expect(queryClient.getQueryState(userKeys.detail('c-1'))?.isInvalidated).toBe(true);
  });

  it('leaves the detail alone on any other refusal, and once stopped', async () => {
    const { queryClient, stop } = setup();
    await queryClient
      .query({ queryKey: ['a'], queryFn: () => Promise.reject(refusal('about:blank')) })
      .catch(() => undefined);
    stop();
    await queryClient
      .query({ queryKey: ['b'], queryFn: () => Promise.reject(refusal(CONSENT_REQUIRED_PROBLEM)) })
      .catch(() => undefined);
    expect(queryClient.getQueryState(userKeys.detail('c-1'))?.isInvalidated).toBe(false);
  });
});
