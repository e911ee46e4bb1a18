import { Button, Group, Text } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { sharedRiskResult, type SharedRiskInput } from '@contract';
import { toastFailure, toastSuccess } from '@/components/toasts';
import { recordAssessment, useShownResults } from '../api/changes';
import { clientAssessmentsQueryOptions } from '../api/queries';
import { formatDate, useClock } from '@/lib/intl';
import { useHere } from '@/components/useHere';

/**
 * Staff share the calculator's result with the client: it is recorded (the
 * server computes it again from the inputs) and shows in the client's
 * reports. Until shared, the calculator stays on the staff's screen only.
 */
export function ShareRiskResult({
  clientId,
  clientName,
  input,
}: {
  clientId: string;
  clientName: string;
  input: SharedRiskInput;
}) {
  const clock = useClock();
  const here = useHere();
  const shared = useQuery(clientAssessmentsQueryOptions(clientId, 'cardiovascular_risk'));
  const results = useShownResults(shared.data?.results ?? [], clientId, 'cardiovascular_risk');
  const [saving, setSaving] = useState(false);
  const last = results[0];

  async function share(): Promise<void> {
    setSaving(true);
    try {
      await recordAssessment(
        { type: 'cardiovascular_risk', client_id: clientId, cardiovascular_risk: input },
        { link: here(), label: `${clientName}: share a cardiovascular risk result` },
      );
      const result = sharedRiskResult(input);
      toastSuccess(`${clientName} now sees a 10-year risk of ${result.risk_percentage} % in their reports.`, 'Shared');
    } catch {
      toastFailure('The result could not be kept on this device. Please try again.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed">
        {last?.cardiovascular_risk_result
          ? `Last shared on ${formatDate(last.taken_at, clock)}: ${last.cardiovascular_risk_result.risk_percentage} %${last.unsent ? ' (not yet on the server)' : ''}.`
          : 'Not shared with the client yet.'}
      </Text>
      <Button
        variant="light"
        leftSection={<IconShare size={18} aria-hidden />}
        loading={saving}
        onClick={() => void share()}
      >
        Share with {clientName}
      </Button>
    </Group>
  );
}
