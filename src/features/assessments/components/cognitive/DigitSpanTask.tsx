import { Button, Center, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { DIGIT_SPAN, type DigitSpanTask as DigitSpanRecord, type DigitSpanTrial, type SpanDirection } from '@contract';
import { nextSpanLength, randomDigits } from '../../model/cognitive';
import { TaskIntro } from './TaskFrame';

type Phase = { kind: 'intro' } | { kind: 'showing'; digits: string; at: number } | { kind: 'answer'; digits: string };

/** A pause between digits, so two sequences in a row never run together. */
const GAP_MS = 250;

/**
 * Digit span: a sequence shown one digit at a time, then typed back (in the
 * same order, or the reverse); one longer each time, until two at one length
 * are wrong. The time to answer comes from performance.now().
 */
export function DigitSpanTask({
  direction,
  onDone,
}: {
  direction: SpanDirection;
  onDone: (task: DigitSpanRecord) => void;
}) {
  const [trials, setTrials] = useState<DigitSpanTrial[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: 'intro' });
  const [response, setResponse] = useState('');
  const answerShownAt = useRef(0);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (phase.kind !== 'showing') return;
    const timer = setTimeout(() => {
      if (phase.at + 1 < phase.digits.length) setPhase({ ...phase, at: phase.at + 1 });
      else {
        setPhase({ kind: 'answer', digits: phase.digits });
        answerShownAt.current = performance.now();
      }
    }, DIGIT_SPAN.digitMs + GAP_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  useEffect(() => {
    if (phase.kind === 'answer') input.current?.focus();
  }, [phase.kind]);

  function showNext(done: readonly DigitSpanTrial[]): void {
    const length = nextSpanLength(direction, done);
    if (length === null) onDone({ trials: [...done] });
    else setPhase({ kind: 'showing', digits: randomDigits(length), at: 0 });
  }

  function answer(): void {
    if (phase.kind !== 'answer') return;
    const trial: DigitSpanTrial = {
      digits: phase.digits,
      response: response.replace(/\D/g, ''),
      response_ms: Math.round(performance.now() - answerShownAt.current),
    };
    const done = [...trials, trial];
    setTrials(done);
    setResponse('');
    showNext(done);
  }

  if (phase.kind === 'intro') {
    return (
      <TaskIntro onStart={() => showNext([])}>
        <Text>
          Numbers will appear one at a time. When they stop, type them{' '}
          <strong>{direction === 'forward' ? 'in the same order' : 'in reverse order, last one first'}</strong>.
        </Text>
        <Text size="sm" c="dimmed">
          {direction === 'forward' ? 'For 5 8 2 you type 582.' : 'For 5 8 2 you type 285.'} The lists get longer as you
          go.
        </Text>
      </TaskIntro>
    );
  }
  if (phase.kind === 'showing') {
    return (
      <Center mih={180}>
        <Stack gap={4} align="center">
          <Text size="sm" c="dimmed">
            Watch: {phase.digits.length} numbers
          </Text>
          <Text fz={64} fw={800} aria-live="assertive" data-testid="digit-shown">
            {phase.digits[phase.at]}
          </Text>
        </Stack>
      </Center>
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        answer();
      }}
    >
      <Stack gap="md">
        <TextInput
          ref={input}
          size="xl"
          label={direction === 'forward' ? 'Type the numbers in the same order' : 'Type the numbers in reverse order'}
          inputMode="numeric"
          autoComplete="off"
          maxLength={12}
          value={response}
          onChange={(event) => setResponse(event.currentTarget.value.replace(/\D/g, ''))}
          styles={{ input: { letterSpacing: '0.3em', fontWeight: 700 } }}
        />
        <Button type="submit" size="lg" style={{ alignSelf: 'flex-start' }}>
          Done
        </Button>
      </Stack>
    </form>
  );
}
