import { Box, Text, UnstyledButton } from '@mantine/core';
import { useRef, useState } from 'react';
import { TRAILS_TARGETS, type TrailsTask as TrailsRecord } from '@contract';
import { layTargets } from '../../model/cognitive';
import { TaskIntro } from './TaskFrame';

type Part = keyof typeof TRAILS_TARGETS;

/** 56 px circles: well above the 44 px a finger needs, with room between them. */
const TARGET_PX = 56;

/**
 * Trail making for touch: the targets scattered on a board, tapped in order
 * (1, 2, 3 …, or 1, A, 2, B …). A right tap joins the line; a wrong one is
 * counted and said, and the client carries on. Each tap's time since the
 * board appeared comes from performance.now().
 */
export function TrailsTask({ part, onDone }: { part: Part; onDone: (task: TrailsRecord) => void }) {
  const targets: readonly string[] = TRAILS_TARGETS[part];
  const [spots] = useState(() => layTargets(targets));
  const [started, setStarted] = useState(false);
  const [next, setNext] = useState(0);
  const [message, setMessage] = useState('');
  const taps = useRef<TrailsRecord['taps']>([]);
  const shownAt = useRef(0);

  function start(): void {
    setStarted(true);
    shownAt.current = performance.now();
  }

  function tap(label: string, now: number): void {
    const at = Math.round(now - shownAt.current);
    taps.current.push({ target: label, at_ms: at });
    if (label === targets[next]) {
      const reached = next + 1;
      setNext(reached);
      setMessage(reached < targets.length ? `${label} done. Next after ${label}.` : 'All done.');
      if (reached === targets.length) onDone({ taps: taps.current });
    } else {
      setMessage(`Not ${label}. Look for what comes after ${next === 0 ? 'the start' : targets[next - 1]}.`);
    }
  }

  if (!started) {
    return (
      <TaskIntro onStart={start}>
        {part === 'a' ? (
          <Text>
            Tap the circles in order, <strong>1, 2, 3</strong> and on to 12, as quickly as you can without mistakes.
          </Text>
        ) : (
          <Text>
            Now numbers and letters in turn: <strong>1, A, 2, B, 3, C</strong> and on to 6, F. As quickly as you can
            without mistakes.
          </Text>
        )}
        <Text size="sm" c="dimmed">
          If you tap the wrong one, just find the right one and carry on.
        </Text>
      </TaskIntro>
    );
  }

  const done = new Set(targets.slice(0, next));
  const path = targets
    .slice(0, next)
    .map((label) => spots.find((spot) => spot.label === label)!)
    .map((spot) => `${spot.left},${spot.top}`)
    .join(' ');
  return (
    <Box>
      <Text size="sm" aria-live="polite" mih={22} mb="xs">
        {message}
      </Text>
      <Box
        pos="relative"
        w="100%"
        h={`min(${6 * 80}px, 70vh)`}
        bg="var(--mantine-color-gray-0)"
        style={{
          borderRadius: 'var(--mantine-radius-md)',
          border: '1px solid var(--mantine-color-gray-3)',
          touchAction: 'manipulation',
        }}
      >
        <svg
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          aria-hidden
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
        >
          {next > 1 && (
            <polyline
              points={path}
              fill="none"
              stroke="var(--mantine-color-thrive-5)"
              strokeWidth={0.8}
              vectorEffect="non-scaling-stroke"
            />
          )}
        </svg>
        {spots.map((spot) => {
          const reached = done.has(spot.label);
          return (
            <UnstyledButton
              key={spot.label}
              aria-label={reached ? `${spot.label}, done` : spot.label}
              onClick={() => tap(spot.label, performance.now())}
              pos="absolute"
              left={`calc(${spot.left}% - ${TARGET_PX / 2}px)`}
              top={`calc(${spot.top}% - ${TARGET_PX / 2}px)`}
              w={TARGET_PX}
              h={TARGET_PX}
              fz="lg"
              fw={800}
              style={{
                borderRadius: '50%',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                border: '2px solid var(--mantine-color-thrive-7)',
                background: reached ? 'var(--mantine-color-thrive-7)' : 'var(--mantine-color-white)',
                color: reached ? 'var(--mantine-color-white)' : 'var(--mantine-color-thrive-9)',
              }}
            >
              {spot.label}
            </UnstyledButton>
          );
        })}
      </Box>
    </Box>
  );
}
