import { useQuery } from '@tanstack/react-query';
import { clientResultsQueryOptions, latestLipids } from '@/features/results';
import { visitQueryOptions } from '@/features/visits';
import { useClock } from '@/lib/intl';
import { riskPrefill, type RiskPrefill } from '../model/risk-prefill';
import { clientVisitsQueryOptions } from './queries';

/**
 * The calculator's prefill from the client's record: ready once the results
 * and the last signed visit are known (or cannot be, e.g. offline with nothing
 * saved: the calculator then opens without them rather than waiting).
 */
export function useRiskPrefill(clientId: string): { ready: boolean; prefill: RiskPrefill } {
  const clock = useClock();
  const results = useQuery(clientResultsQueryOptions(clientId));
  const visits = useQuery(clientVisitsQueryOptions(clientId));
  const lastSigned = visits.data?.results.find((visit) => visit.state === 'signed') ?? null;
  const visit = useQuery({ ...visitQueryOptions(lastSigned?.id ?? ''), enabled: lastSigned !== null });
  const settled = (query: { isPending: boolean; fetchStatus: string }) =>
    !query.isPending || query.fetchStatus === 'paused';
  const ready = settled(results) && settled(visits) && (lastSigned === null || settled(visit));
  return {
    ready,
    prefill: riskPrefill(latestLipids(results.data?.results ?? []), visit.data ?? null, clock),
  };
}
