import { Button, Center, Stack, Text } from '@mantine/core';
import { useEffect, useEffectEvent, useState } from 'react';
import { WORD_LISTS, WORD_SHOW_MS, type WordRecallTask } from '@contract';
import { wordsOf } from '../../model/cognitive';
import { TaskIntro } from './TaskFrame';
import { GrowingTextarea } from '@/components/GrowingTextarea';

/** The list shown one word at a time, each for two seconds; the client only watches and remembers. */
export function WordLearning({ list, onDone }: { list: WordRecallTask['list']; onDone: () => void }) {
  const words = WORD_LISTS[list];
  const [started, setStarted] = useState(false);
  const [index, setIndex] = useState(0);

  const shown = useEffectEvent(() => {
    if (index + 1 < words.length) setIndex(index + 1);
    else onDone();
  });

  useEffect(() => {
    if (!started) return;
    const timer = setTimeout(shown, WORD_SHOW_MS);
    return () => clearTimeout(timer);
  }, [started, index]);

  if (!started) {
    return (
      <TaskIntro onStart={() => setStarted(true)} start="Show the words">
        <Text>
          You will see {words.length} words, one at a time. Remember as many as you can: you will be asked for them now,
          and again at the end.
        </Text>
      </TaskIntro>
    );
  }
  return (
    <Center mih={180}>
      <Stack gap={4} align="center">
        <Text size="sm" c="dimmed">
          Word {index + 1} of {words.length}
        </Text>
        <Text fz={40} fw={700} aria-live="assertive" data-testid="word-shown">
          {words[index]}
        </Text>
      </Stack>
    </Center>
  );
}

/** The words the client remembers, typed in any order; blanks and repeats do not count against them. */
export function WordRecall({ prompt, onDone }: { prompt: string; onDone: (words: string[]) => void }) {
  const [text, setText] = useState('');
  return (
    <Stack gap="md">
      <GrowingTextarea
        size="lg"
        label={prompt}
        description="Type each word you remember, with spaces or commas between them. Spelling need not be perfect."
        minRows={3}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <Button size="lg" style={{ alignSelf: 'flex-start' }} onClick={() => onDone(wordsOf(text))}>
        {wordsOf(text).length === 0 ? 'I remember none' : 'Done'}
      </Button>
    </Stack>
  );
}
