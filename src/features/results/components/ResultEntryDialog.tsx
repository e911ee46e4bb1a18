import { Chip, Group, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm, type GetInputPropsReturnType } from '@mantine/form';
import { useMemo, useState } from 'react';
import { LAB_PANELS, formatLabRange, labMeasure } from '@contract';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { TimeOfDayInput } from '@/components/TimeOfDayInput';
import { TintBadge } from '@/components/signed-in/TintBadge';
import { toastSuccess } from '@/components/toasts';
import { useHere } from '@/components/useHere';
import { TOUCH_TARGET } from '@/config/touch';
import { formatDateTime, instantOn, todayOn, useClock, wallTime, type ClinicClock } from '@/lib/intl';
import { enterResult } from '../api/changes';
import type { PendingResult, ResultDialogProps } from '../model/pending';
import { measuresOfPanels, typedFlag, typedObservations, type EntryValues } from '../model/entry';
import { resultEntrySchema } from '../schemas';
import { FLAG_COLORS, FLAG_LABELS } from '../model/reading';

function startValues(booking: PendingResult | null, clock: ClinicClock): EntryValues {
  const at = booking ? booking.starts_at : new Date().toISOString();
  return {
    panels: booking?.panels ?? [],
    date: todayOn(clock, at),
    time: wallTime(at, clock),
    lab: '',
    values: {},
  };
}

/** One measure's field: its unit beside the value, its range below, and the flag as the value is typed. */
function MeasureField({
  loinc,
  inputProps,
  typed,
}: {
  loinc: string;
  inputProps: GetInputPropsReturnType;
  typed: number | string | undefined;
}) {
  const measure = labMeasure(loinc)!;
  const flag = typedFlag(loinc, typed);
  const range = formatLabRange(measure, measure.range);
  return (
    <Stack gap={4}>
      <NumberInput
        size="md"
        label={measure.label}
        description={range ? `Range ${range} ${measure.unitLabel}` : undefined}
        rightSection={
          <Text size="sm" c="dimmed" pr="xs">
            {measure.unitLabel}
          </Text>
        }
        rightSectionWidth={72}
        hideControls
        allowNegative={false}
        decimalScale={measure.decimals}
        inputMode="decimal"
        styles={{ input: { height: TOUCH_TARGET, minHeight: TOUCH_TARGET } }}
        {...inputProps}
      />
      <Group gap="xs" aria-live="polite" mih={22}>
        {flag && <TintBadge color={FLAG_COLORS[flag]}>{FLAG_LABELS[flag]}</TintBadge>}
      </Group>
    </Stack>
  );
}

/**
 * A lab result typed on the tablet from the lab's paper or screen: the panels
 * measured (a booking's preset), when the sample was taken on the clinic's
 * clock, and each value in its unit, flagged against its range as it is typed
 * and refused when it cannot be a result. It goes through the outbox.
 */
export function ResultEntryDialog({ clientId, clientName, booking, opened, onClose }: ResultDialogProps) {
  const here = useHere();
  const clock = useClock();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const validate = useMemo(() => schemaResolver(resultEntrySchema(clock), { sync: true }), [clock]);
  const form = useForm<EntryValues>({
    mode: 'controlled',
    initialValues: startValues(booking, clock),
    validate,
    validateInputOnBlur: true,
  });
  const codes = measuresOfPanels(form.values.panels);

  function close(): void {
    if (saving) return;
    setProblem(null);
    onClose();
  }

  async function submit(values: EntryValues): Promise<void> {
    setProblem(null);
    setSaving(true);
    try {
      await enterResult(
        {
          client_id: clientId,
          appointment_id: booking?.appointment_id ?? null,
          collected_at: instantOn(values.date, values.time, clock),
          lab: values.lab.trim() || null,
          observations: typedObservations(values),
        },
        { clientName, link: here() },
      );
    } catch {
      setProblem('The result could not be kept on this device. Please try again.');
      return;
    } finally {
      setSaving(false);
    }
    toastSuccess(`The result is recorded for ${clientName}; a doctor releases it to them.`, 'Result entered');
    form.setValues(startValues(booking, clock));
    onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={booking ? `Enter the result of ${booking.test_name}` : `Enter a lab result for ${clientName}`}
      size="xl"
      fullScreen={false}
    >
      <form noValidate aria-label="Enter a lab result" onSubmit={form.onSubmit((values) => void submit(values))}>
        <Stack gap="md">
          {booking && (
            <Text size="sm" c="dimmed">
              Sample taken at the booking of {formatDateTime(booking.starts_at, clock)}.
            </Text>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500} id="result-panels">
              What the lab measured
            </Text>
            <Chip.Group multiple {...form.getInputProps('panels')}>
              <Group gap="xs" role="group" aria-labelledby="result-panels">
                {LAB_PANELS.map((panel) => (
                  <Chip key={panel.id} value={panel.id} size="md">
                    {panel.name}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {form.errors.panels && (
              <Text size="sm" c="red.8" role="alert">
                {form.errors.panels}
              </Text>
            )}
          </Stack>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <TextInput size="md" label="Day taken" type="date" required {...form.getInputProps('date')} />
            <TimeOfDayInput size="md" label="Time taken" required {...form.getInputProps('time')} />
            <TextInput size="md" label="Laboratory" maxLength={120} {...form.getInputProps('lab')} />
          </SimpleGrid>
          {codes.length > 0 && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {codes.map((code) => (
                <MeasureField
                  key={code}
                  loinc={code}
                  typed={form.values.values[code]}
                  inputProps={form.getInputProps(`values.${code}`)}
                />
              ))}
            </SimpleGrid>
          )}
          <FormError message={problem} />
          <FormActions
            submit={{ label: 'Record the result', pending: saving }}
            secondary={{ label: 'Cancel', onClick: close }}
          />
        </Stack>
      </form>
    </Modal>
  );
}
