import { Button, Card, Stack, Text } from '@mantine/core';
import { onlineManager, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { THRIVE_CHECK_INTERVAL_DAYS, thriveCheckDue, who5Meaning } from '@contract';
import { toastFailure, toastSuccess } from '@/components/toasts';
import { recordAssessment, useShownResults } from '../api/changes';
import { clientAssessmentsQueryOptions } from '../api/queries';
import { ReachTheClinic } from './ReachTheClinic';
import { Who5Form } from './Who5Form';
import { formatDate, useClock } from '@/lib/intl';
import { Who5Attribution, Who5History, Who5ScoreCard } from './Who5Results';
import { useHere } from '@/components/useHere';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * /user/thrive-check/{clientId}: the WHO-5 Well-Being Index. The client
 * answers five statements; the score (shown at once, confirmed by the server)
 * comes with what it means in plain words, how it moved, how to reach the
 * clinic when it is low, and every check so far. Taken offline, it is kept on
 * the device and sent when the network returns.
 */
export function ThriveCheck({ clientId, canTake }: { clientId: string; canTake: boolean }) {
  const clock = useClock();
  const { data } = useSuspenseQuery(clientAssessmentsQueryOptions(clientId, 'who5'));
  const results = useShownResults(data.results, clientId, 'who5');
  const here = useHere();
  const [latest, previous] = results;
  const due = thriveCheckDue(latest?.taken_at, new Date());
  const [taking, setTaking] = useState(false);
  const [saving, setSaving] = useState(false);
  // The form stays until its answers are kept: 'Take it again now' pressed before then would be undone by the save.
  const showForm = canTake && (due || taking || saving);

  async function submit(answers: number[]): Promise<void> {
    setSaving(true);
    try {
      await recordAssessment({ type: 'who5', client_id: clientId, answers }, { link: here() });
      toastSuccess(
        onlineManager.isOnline()
          ? 'Your answers are saved.'
          : 'Your answers are kept on this device and sent when you are back online.',
        'Thrive check done',
      );
      setTaking(false);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } catch {
      toastFailure('Your answers could not be kept on this device. Please try again.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="md">
      {latest && <Who5ScoreCard result={latest} previous={previous} />}
      {latest?.score != null && who5Meaning(latest.score).reachOut && <ReachTheClinic clientId={clientId} />}
      {!latest && (
        <Card withBorder radius="lg" padding="lg">
          <Text fw={600}>No Thrive checks yet.</Text>
          <Text size="sm" c="dimmed">
            Five short statements about the last two weeks: it takes about two minutes. Take it every four weeks to see
            how your wellbeing changes.
          </Text>
        </Card>
      )}
      {latest && !showForm && (
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="sm" align="flex-start">
            <Text>
              {due
                ? 'Your next Thrive check is due now.'
                : `Your next Thrive check is due on ${formatDate(Date.parse(latest.taken_at) + THRIVE_CHECK_INTERVAL_DAYS * DAY_MS, clock)}.`}
            </Text>
            {canTake && (
              <Button variant="light" onClick={() => setTaking(true)}>
                Take it again now
              </Button>
            )}
          </Stack>
        </Card>
      )}
      {showForm && <Who5Form onSubmit={(answers) => void submit(answers)} pending={saving} />}
      {results.length > 0 && <Who5History results={results} />}
      <Who5Attribution />
    </Stack>
  );
}
