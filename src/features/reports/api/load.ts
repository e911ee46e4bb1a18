import type { QueryClient } from '@tanstack/react-query';
import { clientAssessmentsQueryOptions } from '@/features/assessments';
import { signedVisitsQueryOptions } from './queries';

/** Everything the reports page shows, loaded together (answered from the device at once when it holds it). */
export function loadReports(queryClient: QueryClient, clientId: string): Promise<unknown> {
  return Promise.all([
    queryClient.query({ ...signedVisitsQueryOptions(clientId), staleTime: 'static' }),
    queryClient.query({ ...clientAssessmentsQueryOptions(clientId, 'who5'), staleTime: 'static' }),
    queryClient.query({ ...clientAssessmentsQueryOptions(clientId, 'cognitive'), staleTime: 'static' }),
    queryClient.query({ ...clientAssessmentsQueryOptions(clientId, 'cardiovascular_risk'), staleTime: 'static' }),
  ]);
}
