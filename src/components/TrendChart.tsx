import { Box, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useId } from 'react';
import { formatDate, useClock } from '@/lib/intl';

export interface TrendPoint {
  /** When (an ISO instant). */
  at: string;
  value: number;
  /** Shown hollow: not on the server yet. */
  unsent?: boolean;
}

export interface TrendBand {
  /** The band runs from the axis minimum (or the previous band) up to this value. */
  to: number;
  label: string;
  color: string;
}

const HEIGHT = 200;
const PAD = { top: 12, right: 16, bottom: 28, left: 40 };

/**
 * A small line chart of one measure over time, drawn as SVG at the width it is
 * given (no chart library: a few lines and dots do not need one). Shaded
 * bands mark ranges that mean something (a low Thrive check); the points are
 * also described in words for screen readers, and `summary` says the trend.
 */
export function TrendChart({
  points,
  min,
  max,
  ticks,
  bands = [],
  label,
  summary,
}: {
  points: readonly TrendPoint[];
  min: number;
  max: number;
  ticks: readonly number[];
  bands?: readonly TrendBand[];
  label: string;
  summary: string;
}) {
  const { ref, width } = useElementSize();
  const clock = useClock();
  const shortDate = (iso: string) => formatDate(iso, clock, { weekday: false, year: false });
  const titleId = useId();
  const descId = useId();
  const ordered = [...points].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const plotWidth = Math.max(0, width - PAD.left - PAD.right);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const first = ordered.length > 0 ? Date.parse(ordered[0]!.at) : 0;
  const last = ordered.length > 0 ? Date.parse(ordered[ordered.length - 1]!.at) : 0;
  const x = (at: string) =>
    PAD.left + (last === first ? plotWidth / 2 : ((Date.parse(at) - first) / (last - first)) * plotWidth);
  const y = (value: number) => PAD.top + (1 - (Math.min(max, Math.max(min, value)) - min) / (max - min)) * plotHeight;
  const shaded = bands.map((band, index) => ({ ...band, from: index === 0 ? min : bands[index - 1]!.to }));

  return (
    <Box ref={ref} component="figure" m={0} w="100%">
      {width > 0 && (
        <svg
          width={width}
          height={HEIGHT}
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descId}
          style={{ display: 'block', overflow: 'visible' }}
        >
          <title id={titleId}>{label}</title>
          <desc id={descId}>
            {summary} {ordered.map((point) => `${shortDate(point.at)}: ${point.value}`).join('; ')}.
          </desc>
          {shaded.map((band) => (
            <rect
              key={band.label}
              x={PAD.left}
              width={plotWidth}
              y={y(band.to)}
              height={y(band.from) - y(band.to)}
              fill={band.color}
            />
          ))}
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={PAD.left}
                x2={PAD.left + plotWidth}
                y1={y(tick)}
                y2={y(tick)}
                stroke="#c9d3d1"
                strokeDasharray="3 3"
              />
              <text x={PAD.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={12} fill="#4b5b59">
                {tick}
              </text>
            </g>
          ))}
          {ordered.length > 1 && (
            <polyline
              points={ordered.map((point) => `${x(point.at)},${y(point.value)}`).join(' ')}
              fill="none"
              stroke="var(--mantine-color-thrive-7)"
              strokeWidth={2.5}
              strokeLinejoin="round"
            />
          )}
          {ordered.map((point) => (
            <circle
              key={`${point.at}-${point.value}`}
              cx={x(point.at)}
              cy={y(point.value)}
              r={5}
              fill={point.unsent ? '#ffffff' : 'var(--mantine-color-thrive-7)'}
              stroke="var(--mantine-color-thrive-7)"
              strokeWidth={2}
            />
          ))}
          {ordered.length > 0 && (
            <>
              <text
                x={x(ordered[0]!.at)}
                y={HEIGHT - 8}
                fontSize={12}
                fill="#4b5b59"
                textAnchor={ordered.length > 1 ? 'start' : 'middle'}
              >
                {shortDate(ordered[0]!.at)}
              </text>
              {ordered.length > 1 && (
                <text
                  x={x(ordered[ordered.length - 1]!.at)}
                  y={HEIGHT - 8}
                  fontSize={12}
                  fill="#4b5b59"
                  textAnchor="end"
                >
                  {shortDate(ordered[ordered.length - 1]!.at)}
                </text>
              )}
            </>
          )}
        </svg>
      )}
      {bands.length > 0 && (
        <Text component="figcaption" size="xs" c="dimmed" mt={4}>
          Shaded: {bands.map((band) => band.label).join('; ')}.
        </Text>
      )}
    </Box>
  );
}
