import { Button, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import type { components } from '@contract';
import { toastFailure } from '@/components/toasts';
import { isApiError } from '@/lib/api';
import { useOnline } from '@/pwa/connection';
import { downloadLabReport } from '../api/report';

type Result = components['schemas']['Result'];
type ResultReport = components['schemas']['ResultReport'];

/** The file's size as people read it: 84 KB, 2.3 MB. */
export function fileSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * "Original report (PDF)": the lab's own report of a result, downloaded when
 * asked (never kept on the device beforehand, so it needs the network).
 */
export function LabReportDownload({
  result,
  report,
}: {
  result: Pick<Result, 'id' | 'test_name'>;
  report: ResultReport;
}) {
  const online = useOnline();
  const [loading, setLoading] = useState(false);

  async function download(): Promise<void> {
    setLoading(true);
    try {
      await downloadLabReport({ id: result.id, report });
    } catch (error) {
      toastFailure(
        isApiError(error) && !error.isNetworkError
          ? (error.problem?.detail ?? 'The report could not be downloaded.')
          : 'The report could not be downloaded: check the connection and try again.',
        'Report not downloaded',
      );
    } finally {
      setLoading(false);
    }
  }

  return (
    // A button has no place on paper (app.css: no-print).
    <div className="no-print">
      <Button
        variant="light"
        size="md"
        leftSection={<IconFileTypePdf size={18} aria-hidden />}
        loading={loading}
        disabled={!online}
        aria-label={`Original report (PDF) of ${result.test_name}, ${fileSize(report.size_bytes)}`}
        onClick={() => void download()}
      >
        Original report (PDF)
      </Button>
      <Text size="xs" c="dimmed" mt={4}>
        {online ? `${fileSize(report.size_bytes)}, as the lab sent it` : 'Downloading the report needs the network.'}
      </Text>
    </div>
  );
}
