import { FileInput, Loader } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentProps } from 'react';
import { LAB_REPORT_MAX_TEXT, type components } from '@contract';
import { toastSuccess } from '@/components/toasts';
import { isApiError } from '@/lib/api';
import { useOnline } from '@/pwa/connection';
import { resultKeys } from '../api/queries';
import { attachLabReport, reportFileProblem } from '../api/report';

type Result = components['schemas']['Result'];

/** The hidden file input under the button, by which a component test hands it a file. */
const FILE_INPUT_PROPS: ComponentProps<'input'> & { 'data-testid': string } = { 'data-testid': 'lab-report-file' };

/**
 * "Attach the lab's report (PDF)": sent as soon as a file is chosen, checked
 * first here (a PDF, 10 MB at most) and then by the API. It needs the
 * network: a report is not kept on the device to wait for it.
 */
export function AttachLabReport({ result, clientName }: { result: Result; clientName: string }) {
  const online = useOnline();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const replacing = result.report != null;

  async function attach(file: File | null): Promise<void> {
    setProblem(null);
    if (!file) return;
    const wrong = await reportFileProblem(file);
    if (wrong) {
      setProblem(wrong);
      return;
    }
    setSending(file);
    try {
      await attachLabReport(result, file);
      await queryClient.invalidateQueries({ queryKey: resultKeys.ofClient(result.client_id) });
      toastSuccess(`The lab’s report of ${result.test_name} is attached for ${clientName}.`, 'Report attached');
    } catch (error) {
      setProblem(
        isApiError(error) && !error.isNetworkError
          ? (error.problem?.detail ?? error.message)
          : 'The report could not be sent. Check the connection and choose the file again.',
      );
    } finally {
      setSending(null);
    }
  }

  const label = replacing ? 'Replace the lab’s report (PDF)' : 'Attach the lab’s report (PDF)';
  return (
    <FileInput
      size="md"
      label={label}
      description={
        online
          ? `A PDF of ${LAB_REPORT_MAX_TEXT} at most, as the lab sent it. It is sent as soon as you choose it.`
          : 'Attaching a report needs the network: connect, then choose the file.'
      }
      placeholder={sending ? `Sending ${sending.name}…` : 'Choose a PDF file'}
      accept="application/pdf,.pdf"
      fileInputProps={FILE_INPUT_PROPS}
      leftSection={
        sending ? <Loader size={16} aria-label="Sending the report" /> : <IconPaperclip size={18} aria-hidden />
      }
      // Nothing stays chosen: a file sent (or refused) is done with, and the same file may be chosen again.
      value={null}
      onChange={(file) => void attach(file)}
      disabled={!online || sending !== null}
      error={problem}
      maw={420}
    />
  );
}
