import { useQuery } from '@tanstack/react-query';
import { mayReadField, type Role } from '@contract';
import { clientResultsQueryOptions, latestLipids } from '@/features/results';
import { visitQueryOptions } from '@/features/visits';
import { useClock } from '@/lib/intl';
import { riskPrefill, type LifestyleAnswers, type RiskPrefill } from '../model/risk-prefill';
import { clientVisitsQueryOptions } from './queries';

/**
 * The calculator's prefill from the client's record: ready once the results
 * and the last signed visit are known (or cannot be, e.g. offline with nothing
 * saved: the calculator then opens without them rather than waiting). What
 * the viewer's role does not read (lab values, a visit's vitals) is not asked
 * for: every read of a client's record is audited.
 */
export function useRiskPrefill(
  clientId: string,
  viewerRole: Role,
  lifestyle: LifestyleAnswers | null,
): { ready: boolean; prefill: RiskPrefill } {
  const clock = useClock();
  const readsLipids = mayReadField(viewerRole, 'result', 'observations');
  const readsVitals = mayReadField(viewerRole, 'visit', 'vitals');
  const results = useQuery({ ...clientResultsQueryOptions(clientId), enabled: readsLipids });
  const visits = useQuery({ ...clientVisitsQueryOptions(clientId), enabled: readsVitals });
  const lastSigned = visits.data?.results.find((visit) => visit.state === 'signed') ?? null;
  const visit = useQuery({ ...visitQueryOptions(lastSigned?.id ?? ''), enabled: lastSigned !== null });
  const settled = (asked: boolean, query: { isPending: boolean; fetchStatus: string }) =>
    !asked || !query.isPending || query.fetchStatus === 'paused';
  const ready =
    settled(readsLipids, results) && settled(readsVitals, visits) && (lastSigned === null || settled(true, visit));
  return {
    ready,
    prefill: riskPrefill(latestLipids(results.data?.results ?? []), visit.data ?? null, lifestyle, clock),
  };
}
