import type { QueryClient } from '@tanstack/react-query';
import { clientAppointmentsQueryOptions } from '@/features/appointments';
import { clientAssessmentsQueryOptions } from '@/features/assessments';

/**
 * What home's 'what to do next' reads, started with the home route's loader so
 * it comes in alongside the profile. Failures are the card's to show (it says
 * what is not known), so none of them holds up or breaks the page.
 */
export function prefetchJourney(queryClient: QueryClient, clientId: string): Promise<unknown> {
  return Promise.allSettled([
    queryClient.query({ ...clientAppointmentsQueryOptions(clientId), staleTime: 'static' }),
    queryClient.query({ ...clientAssessmentsQueryOptions(clientId, 'who5'), staleTime: 'static' }),
    queryClient.query({ ...clientAssessmentsQueryOptions(clientId, 'cognitive'), staleTime: 'static' }),
  ]);
}
