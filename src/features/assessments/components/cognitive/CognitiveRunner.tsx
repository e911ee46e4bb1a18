import { useRef, useState, type ReactNode } from 'react';
import type { CognitiveRun, WordRecallTask } from '@contract';
import { DigitSpanTask } from './DigitSpanTask';
import { ReactionTask } from './ReactionTask';
import { TaskFrame } from './TaskFrame';
import { TrailsTask } from './TrailsTask';
import { WordLearning, WordRecall } from './WordTasks';

/** The run's parts, in order: the words are learned first and asked for again last, after the others. */
const PARTS = [
  { key: 'learn', title: 'Remember these words' },
  { key: 'recall', title: 'Which words do you remember?' },
  { key: 'forward', title: 'Numbers, same order' },
  { key: 'backward', title: 'Numbers, reverse order' },
  { key: 'trails_a', title: 'Join the numbers' },
  { key: 'trails_b', title: 'Join numbers and letters' },
  { key: 'reaction', title: 'Reaction' },
  { key: 'delayed', title: 'The words again' },
] as const;

type PartKey = (typeof PARTS)[number]['key'];

/**
 * One run of the cognitive tasks, part by part, each with its instructions
 * first. Skipping the word list skips both of its recalls. At the end the
 * run's raw records go to `onFinished`; the scores are the server's.
 */
export function CognitiveRunner({
  list,
  onFinished,
}: {
  list: WordRecallTask['list'];
  onFinished: (run: CognitiveRun) => void;
}) {
  const [at, setAt] = useState(0);
  const [run, setRun] = useState<CognitiveRun>({});
  const immediateEnded = useRef(0);
  const part = PARTS[at]!;

  /** Records what a part gave and moves on; the run ends after the last part, or before the final recall when
   * the words were skipped. */
  function advance(record: CognitiveRun = {}, to: number = at + 1): void {
    const next = { ...run, ...record };
    setRun(next);
    const nextPart = PARTS[to];
    if (!nextPart || (nextPart.key === 'delayed' && !next.word_recall)) onFinished(next);
    else setAt(to);
  }

  function skip(): void {
    // Without the list learned, neither recall can be asked.
    if (part.key === 'learn') advance({}, 2);
    else advance();
  }

  const body: Record<PartKey, () => ReactNode> = {
    learn: () => <WordLearning list={list} onDone={() => advance()} />,
    recall: () => (
      <WordRecall
        prompt="Type the words you remember"
        onDone={(words) => {
          immediateEnded.current = performance.now();
          advance({ word_recall: { list, immediate: words, delayed: null } });
        }}
      />
    ),
    forward: () => <DigitSpanTask direction="forward" onDone={(task) => advance({ digit_span_forward: task })} />,
    backward: () => <DigitSpanTask direction="backward" onDone={(task) => advance({ digit_span_backward: task })} />,
    trails_a: () => <TrailsTask part="a" onDone={(task) => advance({ trails_a: task })} />,
    trails_b: () => <TrailsTask part="b" onDone={(task) => advance({ trails_b: task })} />,
    reaction: () => <ReactionTask onDone={(task) => advance({ reaction_time: task })} />,
    delayed: () => (
      <WordRecall
        prompt="Type the words from the start that you still remember"
        onDone={(words) =>
          advance(
            run.word_recall
              ? {
                  word_recall: {
                    ...run.word_recall,
                    delayed: words,
                    delay_ms: Math.round(performance.now() - immediateEnded.current),
                  },
                }
              : {},
          )
        }
      />
    ),
  };

  return (
    <TaskFrame key={part.key} step={at + 1} total={PARTS.length} title={part.title} onSkip={skip}>
      {body[part.key]()}
    </TaskFrame>
  );
}
