import { Alert, FileInput, List, Modal, Stack, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { components } from '@contract';
import { FormActions } from '@/components/FormActions';
import { toastSuccess } from '@/components/toasts';
import { isApiError } from '@/lib/api';
import { formatDateTime, useClock } from '@/lib/intl';
import { importLabReport } from '../api/changes';
import { resultKeys } from '../api/queries';
import type { ResultDialogProps } from '../model/pending';

type FieldError = NonNullable<components['schemas']['Problem']['errors']>[number];

/** Where in the bundle a refusal points, in words: "entry 3: the code" for `body.entry.2.resource.code`. */
export function placeInBundle(field: string): string {
  const match = /^body\.entry\.(\d+)(?:\.resource)?\.?(.*)$/.exec(field);
  if (!match) return field.replace(/^body\.?/, '') || 'the bundle';
  const rest = match[2] ? `: ${match[2]}` : '';
  return `entry ${Number(match[1]) + 1}${rest}`;
}

interface Refusal {
  detail: string;
  errors: readonly FieldError[];
}

/**
 * Imports the lab's report as a FHIR R4 bundle (a JSON file). The server checks
 * it whole against FHIR R4 and Thrive's table, and either keeps all of it or
 * nothing: a refusal is listed here entry by entry, so whoever imports it can
 * tell the lab what to correct.
 */
export function ImportReportDialog({ clientId, clientName, booking, opened, onClose }: ResultDialogProps) {
  const clock = useClock();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  function close(): void {
    if (sending) return;
    setFile(null);
    setRefusal(null);
    onClose();
  }

  async function send(): Promise<void> {
    if (!file) {
      setRefusal({ detail: 'Choose the lab’s report file (FHIR R4 JSON).', errors: [] });
      return;
    }
    setRefusal(null);
    setSending(true);
    try {
      let bundle: unknown;
      try {
        bundle = JSON.parse(await file.text());
      } catch {
        setRefusal({
          detail: 'This file is not JSON: export the report from the lab as a FHIR R4 bundle.',
          errors: [],
        });
        return;
      }
      const result = await importLabReport({ clientId, appointmentId: booking?.appointment_id ?? null, bundle });
      await queryClient.invalidateQueries({ queryKey: resultKeys.ofClient(clientId) });
      toastSuccess(
        `${result.observations?.length ?? 0} values from ${result.lab ?? 'the lab'} are recorded for ${clientName}.`,
        'Report imported',
      );
      setFile(null);
      onClose();
    } catch (error) {
      setRefusal(
        isApiError(error)
          ? { detail: error.problem?.detail ?? error.message, errors: error.problem?.errors ?? [] }
          : { detail: 'The report could not be sent. Check the connection and try again.', errors: [] },
      );
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={`Import a lab report for ${clientName}`} size="lg">
      <form
        noValidate
        aria-label="Import a lab report"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            The lab’s report as a FHIR R4 bundle: its DiagnosticReport, the Observations (LOINC codes, UCUM units) and
            the Patient, who must be {clientName}. Nothing is stored unless all of it can be.
            {booking ? ` For the booking of ${formatDateTime(booking.starts_at, clock)}.` : ''}
          </Text>
          <FileInput
            size="md"
            label="Report file"
            placeholder="Choose a .json file"
            accept="application/json,application/fhir+json,.json"
            leftSection={<IconFileImport size={18} aria-hidden />}
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              setRefusal(null);
            }}
            clearable
          />
          {refusal && (
            <Alert color="red" variant="light" title="The report was not imported" role="alert">
              <Stack gap="xs">
                <Text size="sm">{refusal.detail}</Text>
                {refusal.errors.length > 0 && (
                  <List size="sm" spacing={4}>
                    {refusal.errors.map((error) => (
                      <List.Item key={`${error.field} ${error.message}`}>
                        <Text span fw={700} size="sm">
                          {placeInBundle(error.field)}
                        </Text>
                        : {error.message}
                      </List.Item>
                    ))}
                  </List>
                )}
              </Stack>
            </Alert>
          )}
          <FormActions submit={{ label: 'Import', pending: sending }} secondary={{ label: 'Cancel', onClick: close }} />
        </Stack>
      </form>
    </Modal>
  );
}
