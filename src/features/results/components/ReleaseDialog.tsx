import { Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { toastSuccess } from '@/components/toasts';
import { useHere } from '@/components/useHere';
import { characterCount, formatDate, useClock } from '@/lib/intl';
import { releaseResult, type Result } from '../api/changes';
import { LabValues } from './LabValues';
import { GrowingTextarea } from '@/components/GrowingTextarea';

const NOTE_MAX = 2000;

/**
 * A doctor releases a reviewed result to the client, optionally with a note
 * the client reads beside the values. The values are shown again here: what
 * is released is what the doctor saw (the version goes with the release).
 */
export function ReleaseDialog({
  result,
  clientName,
  onClose,
}: {
  result: Result | null;
  clientName: string;
  onClose: () => void;
}) {
  const here = useHere();
  const clock = useClock();
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  function close(): void {
    if (saving) return;
    setNote('');
    setProblem(null);
    onClose();
  }

  async function release(): Promise<void> {
    if (!result) return;
    setSaving(true);
    setProblem(null);
    try {
      await releaseResult(result, note.trim() || null, { clientName, link: here() });
    } catch {
      setProblem('The release could not be kept on this device. Please try again.');
      return;
    } finally {
      setSaving(false);
    }
    toastSuccess(`${clientName} now sees ${result.test_name} in their reports.`, 'Released');
    setNote('');
    onClose();
  }

  return (
    <Modal opened={result !== null} onClose={close} title={`Release to ${clientName}`} size="lg">
      {result && (
        <form
          noValidate
          aria-label="Release a lab result"
          onSubmit={(event) => {
            event.preventDefault();
            void release();
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              {result.test_name}, sample taken {formatDate(result.collected_at, clock)}. Once released, {clientName}{' '}
              sees these values with their ranges in the portal.
            </Text>
            <LabValues observations={result.observations ?? []} />
            <GrowingTextarea
              size="md"
              label="Note to the client (optional)"
              minRows={2}
              maxRows={8}
              maxLength={NOTE_MAX}
              description={characterCount(note.length, NOTE_MAX)}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
            />
            <FormError message={problem} />
            <FormActions
              submit={{ label: 'Release', pending: saving }}
              secondary={{ label: 'Cancel', onClick: close }}
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
