import { Box, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useEffectEvent, useRef, useState, type KeyboardEvent } from 'react';
import { REACTION, type ReactionTask as ReactionRecord } from '@contract';
import { waitBefore } from '../../model/cognitive';
import { TaskIntro } from './TaskFrame';

type Trial = ReactionRecord['trials'][number];
type Phase = 'intro' | 'waiting' | 'go' | 'between';

/** How long the outcome of a trial shows before the next wait begins. */
const FEEDBACK_MS = 900;

function outcome(trial: Trial): string {
  if (trial.early) return 'Too soon: wait for green.';
  if (trial.rt_ms === null) return 'Missed: tap as soon as it turns green.';
  return `${Math.round(trial.rt_ms)} ms`;
}

/**
 * Simple reaction time: the big button turns green after a wait of one to
 * three seconds, and the client taps it (or presses Space or Enter) as soon
 * as it does. Timed from performance.now() at the signal to the press itself
 * (pointer down, not the click after it).
 */
export function ReactionTask({ onDone }: { onDone: (task: ReactionRecord) => void }) {
  const [phase, setPhase] = useState<Phase>('intro');
  const [trials, setTrials] = useState<Trial[]>([]);
  const wait = useRef(0);
  const signalAt = useRef(0);
  const button = useRef<HTMLButtonElement>(null);

  // What happens when the phase's time is up: the signal, a miss, or the next trial (or the end).
  const timeUp = useEffectEvent((from: Phase) => {
    if (from === 'waiting') {
      signalAt.current = performance.now();
      setPhase('go');
    } else if (from === 'go') {
      record({ wait_ms: wait.current, rt_ms: null, early: false });
    } else if (trials.length >= REACTION.trials) {
      onDone({ trials });
    } else {
      begin();
    }
  });

  useEffect(() => {
    const delay =
      phase === 'waiting'
        ? wait.current
        : phase === 'go'
          ? REACTION.missAfterMs
          : phase === 'between'
            ? FEEDBACK_MS
            : null;
    if (delay === null) return;
    const timer = setTimeout(() => timeUp(phase), delay);
    return () => clearTimeout(timer);
  }, [phase]);

  function begin(): void {
    wait.current = waitBefore(REACTION.minWaitMs, REACTION.maxWaitMs);
    setPhase('waiting');
    button.current?.focus();
  }

  function record(trial: Trial): void {
    setTrials((done) => [...done, trial]);
    setPhase('between');
  }

  function press(): void {
    if (phase === 'waiting') record({ wait_ms: wait.current, rt_ms: null, early: true });
    else if (phase === 'go') {
      record({ wait_ms: wait.current, rt_ms: Math.round(performance.now() - signalAt.current), early: false });
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>): void {
    if (event.key !== ' ' && event.key !== 'Enter') return;
    event.preventDefault();
    if (!event.repeat) press();
  }

  if (phase === 'intro') {
    return (
      <TaskIntro onStart={begin}>
        <Text>
          A large box will turn <strong>green</strong>. Tap it, or press Space, as soon as it does. Wait for the green:
          tapping before it counts as too soon.
        </Text>
        <Text size="sm" c="dimmed">
          {REACTION.trials} times; the wait changes each time.
        </Text>
      </TaskIntro>
    );
  }

  const go = phase === 'go';
  const last = trials.at(-1);
  return (
    <Box>
      <UnstyledButton
        ref={button}
        onPointerDown={press}
        onKeyDown={onKeyDown}
        aria-label={go ? 'Tap now' : 'Wait for green'}
        w="100%"
        h={220}
        style={{
          borderRadius: 'var(--mantine-radius-lg)',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: go ? '#1f8a3a' : 'var(--mantine-color-gray-2)',
          color: go ? '#ffffff' : 'var(--mantine-color-dark-7)',
          touchAction: 'manipulation',
          userSelect: 'none',
        }}
      >
        <Text fz={28} fw={800} inherit>
          {go ? 'Tap now!' : phase === 'between' && last ? outcome(last) : 'Wait for green…'}
        </Text>
      </UnstyledButton>
      <Text size="sm" c="dimmed" mt="xs" aria-live="polite">
        {phase === 'between' && last ? outcome(last) : ''}{' '}
        {Math.min(trials.length + (phase === 'between' ? 0 : 1), REACTION.trials)} of {REACTION.trials}
      </Text>
    </Box>
  );
}
