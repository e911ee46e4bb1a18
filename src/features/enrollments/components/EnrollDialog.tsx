import { Modal, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import * as v from 'valibot';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { toastSuccess } from '@/components/toasts';
import { enrollClient } from '../api/changes';
import { ENROLLMENT_NOT_KEPT } from '../model/errors';
import { ENROLLMENT_STATUSES, PROGRAMS, PROGRAM_LABELS, STATUS_LABELS } from '../model/labels';
import { EnrollmentFormSchema, NOTES_MAX, type EnrollmentFormValues } from '../schemas';
import { characterCount, todayOn, useClock } from '@/lib/intl';
import { useHere } from '@/components/useHere';
import { DayInput } from '@/components/DayInput';
import { GrowingTextarea } from '@/components/GrowingTextarea';

const PROGRAM_OPTIONS = [
  { value: '', label: 'Choose a program', disabled: true },
  ...PROGRAMS.map((program) => ({ value: program, label: PROGRAM_LABELS[program] })),
];
const STATUS_OPTIONS = ENROLLMENT_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

/** A new enrollment starts today at the clinic. */
function emptyValues(today: string): EnrollmentFormValues {
  return { program: '', status: 'active', start_date: today, end_date: '', notes: '' };
}

/** Enrolls a client in a program: program, status, dates and notes, as the contract's EnrollmentCreate. */
export function EnrollDialog({
  userId,
  clientName,
  withNotes,
  opened,
  onClose,
}: {
  userId: string;
  clientName: string;
  /** Whether the viewer's role writes an enrollment's notes (ADMIN does not: they are the care team's). */
  withNotes: boolean;
  opened: boolean;
  onClose: () => void;
}) {
  const here = useHere();
  const clock = useClock();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: emptyValues(todayOn(clock)),
    validate: schemaResolver(EnrollmentFormSchema, { sync: true }),
    validateInputOnBlur: true,
    transformValues: (values) => v.parse(EnrollmentFormSchema, values),
  });

  function close(): void {
    if (saving) return;
    setProblem(null);
    onClose();
  }

  async function submit(fields: v.InferOutput<typeof EnrollmentFormSchema>): Promise<void> {
    setProblem(null);
    setSaving(true);
    try {
      const { notes, ...plan } = fields;
      await enrollClient(withNotes ? { ...plan, notes } : plan, { userId, clientName, link: here() });
    } catch {
      setProblem(ENROLLMENT_NOT_KEPT);
      return;
    } finally {
      setSaving(false);
    }
    toastSuccess(`${clientName} is enrolled in ${PROGRAM_LABELS[fields.program]}.`, 'Enrolled');
    form.setValues(emptyValues(todayOn(clock)));
    form.resetDirty();
    onClose();
  }

  return (
    <Modal opened={opened} onClose={close} title={`Enroll ${clientName} in a program`} size="lg" centered>
      <form noValidate aria-label="Enroll in a program" onSubmit={form.onSubmit((fields) => void submit(fields))}>
        <Stack gap="md">
          <NativeSelect size="md" label="Program" required data={PROGRAM_OPTIONS} {...form.getInputProps('program')} />
          <NativeSelect size="md" label="Status" data={STATUS_OPTIONS} {...form.getInputProps('status')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <DayInput label="Start date" required {...form.getInputProps('start_date')} />
            <DayInput label="End date (optional)" {...form.getInputProps('end_date')} />
          </SimpleGrid>
          {withNotes && (
            <GrowingTextarea
              size="md"
              label="Notes"
              minRows={2}
              maxRows={8}
              description={characterCount(form.values.notes.length, NOTES_MAX)}
              {...form.getInputProps('notes')}
            />
          )}
          <FormError message={problem} />
          <FormActions submit={{ label: 'Enroll', pending: saving }} secondary={{ label: 'Cancel', onClick: close }} />
        </Stack>
      </form>
    </Modal>
  );
}
