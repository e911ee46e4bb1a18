import { Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { onlineManager, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CognitiveRun } from '@contract';
import { toastFailure, toastSuccess } from '@/components/toasts';
import { useUnsavedDraft } from '@/pwa/drafts';
import { recordAssessment, useShownResults } from '../../api/changes';
import { clientAssessmentsQueryOptions } from '../../api/queries';
import { nextWordList } from '../../model/cognitive';
import { CognitiveHistory, CognitiveResultCard, NotADiagnosis } from './CognitiveResults';
import { CognitiveRunner } from './CognitiveRunner';
import { useHere } from '@/components/useHere';

/**
 * /user/cognitive-assessment/{clientId}: licence-free tasks of memory,
 * attention and speed (word recall with Thrive's own lists, digit span,
 * trail making for touch, simple reaction time). The first complete run is
 * the client's baseline; later runs are shown against it. Never a diagnosis.
 */
export function CognitiveAssessment({ clientId, canTake }: { clientId: string; canTake: boolean }) {
  const { data } = useSuspenseQuery(clientAssessmentsQueryOptions(clientId, 'cognitive'));
  const results = useShownResults(data.results, clientId, 'cognitive');
  const here = useHere();
  const [running, setRunning] = useState(false);
  const [list] = useState(() => nextWordList(data.results));
  useUnsavedDraft(running, 'Cognitive tasks under way');
  const [latest] = results;
  const baseline = results.find((result) => result.baseline);

  async function finish(run: CognitiveRun): Promise<void> {
    setRunning(false);
    try {
      await recordAssessment({ type: 'cognitive', client_id: clientId, cognitive: run }, { link: here() });
      toastSuccess(
        onlineManager.isOnline()
          ? 'Your results are saved.'
          : 'Your results are kept on this device and sent when you are back online.',
        'Tasks done',
      );
    } catch {
      toastFailure('Your results could not be kept on this device. Please try again.');
    }
    window.scrollTo({ top: 0 });
  }

  if (running) return <CognitiveRunner list={list} onFinished={(run) => void finish(run)} />;

  return (
    <Stack gap="md">
      <NotADiagnosis />
      {latest && <CognitiveResultCard result={latest} baseline={baseline} />}
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="cognitive-start">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h4" id="cognitive-start">
            {baseline ? 'Take the tasks again' : 'Set your baseline'}
          </Title>
          <Text size="sm">About 10 minutes, in a quiet place. Eight short parts, each explained before it starts:</Text>
          <List size="sm" spacing={2}>
            <List.Item>Remember a list of words, now and again at the end</List.Item>
            <List.Item>Repeat numbers forwards, then backwards</List.Item>
            <List.Item>Join numbers, then numbers and letters, in order</List.Item>
            <List.Item>Tap as soon as a box turns green</List.Item>
          </List>
          {!baseline && (
            <Text size="sm" c="dimmed">
              Your first complete run becomes your baseline: later runs are shown against it.
            </Text>
          )}
          {canTake ? (
            <Button size="lg" onClick={() => setRunning(true)}>
              {baseline ? 'Start the tasks' : 'Start my baseline'}
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              Only the client takes these tasks, on their own account.
            </Text>
          )}
        </Stack>
      </Card>
      {results.length > 1 && <CognitiveHistory results={results} />}
    </Stack>
  );
}
