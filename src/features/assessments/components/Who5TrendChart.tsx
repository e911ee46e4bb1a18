import { WHO5_ALERT_MAX, WHO5_POOR_WELLBEING_MAX } from '@contract';
import { TrendChart, type TrendPoint } from '@/components/TrendChart';

/**
 * Thrive check scores (0 to 100) over time, with the bands that mean something: very low (the staff alert) and
 * low. One client's checks, or a group's weekly means.
 */
export function Who5TrendChart({
  points,
  label = 'Thrive check scores over time, 0 to 100',
  summary,
}: {
  points: readonly TrendPoint[];
  label?: string;
  summary: string;
}) {
  return (
    <TrendChart
      label={label}
      summary={summary}
      points={points}
      min={0}
      max={100}
      ticks={[0, WHO5_ALERT_MAX, WHO5_POOR_WELLBEING_MAX, 100]}
      bands={[
        { to: WHO5_ALERT_MAX, label: `${WHO5_ALERT_MAX} or less: very low`, color: '#fdecea' },
        { to: WHO5_POOR_WELLBEING_MAX, label: `${WHO5_POOR_WELLBEING_MAX} or less: low`, color: '#fff4d6' },
      ]}
    />
  );
}
