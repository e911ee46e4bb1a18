/** The p-th percentile (nearest rank) of timings sorted in ascending order, for the benchmarks' reports. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
