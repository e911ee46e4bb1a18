import { ActionIcon, Button, Group, Modal, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import { ADVICE_CATEGORY_LABELS, adviceCategoryValues } from '@contract';
import { FormActions } from '@/components/FormActions';
import { FormError } from '@/components/FormError';
import { toastSuccess } from '@/components/toasts';
import { useHere } from '@/components/useHere';
import { characterCount, todayOn, useClock } from '@/lib/intl';
import { writeAdvice } from '../api/changes';
import { emptyAdvice, type AdviceValues } from '../model/advice-form';
import { adviceFormSchema } from '../schemas';
import { GrowingTextarea } from '@/components/GrowingTextarea';

const WHY_MAX = 2000;
const CATEGORY_OPTIONS = adviceCategoryValues.map((category) => ({
  value: category,
  label: ADVICE_CATEGORY_LABELS[category],
}));

/**
 * Advice for a client, written by a doctor, coach or nutritionist: what to
 * do, why, the area, the steps to tick off and when to look at it again. It
 * goes through the outbox, so it is written offline too.
 */
export function AdviceDialog({
  clientId,
  clientName,
  opened,
  onClose,
}: {
  clientId: string;
  clientName: string;
  opened: boolean;
  onClose: () => void;
}) {
  const here = useHere();
  const clock = useClock();
  const today = todayOn(clock);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const schema = useMemo(() => adviceFormSchema(today), [today]);
  const form = useForm<AdviceValues>({
    mode: 'controlled',
    initialValues: emptyAdvice(today),
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnBlur: true,
  });

  function close(): void {
    if (saving) return;
    setProblem(null);
    onClose();
  }

  async function submit(values: AdviceValues): Promise<void> {
    setSaving(true);
    setProblem(null);
    try {
      await writeAdvice({ client_id: clientId, ...v.parse(schema, values) }, { clientName, link: here() });
    } catch {
      setProblem('The advice could not be kept on this device. Please try again.');
      return;
    } finally {
      setSaving(false);
    }
    toastSuccess(`${clientName} sees the advice in their portal.`, 'Advice written');
    form.setValues(emptyAdvice(today));
    onClose();
  }

  return (
    <Modal opened={opened} onClose={close} title={`Advice for ${clientName}`} size="lg">
      <form noValidate aria-label="Write advice" onSubmit={form.onSubmit((values) => void submit(values))}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <NativeSelect
              size="md"
              label="Area"
              required
              data={[{ value: '', label: 'Choose an area', disabled: true }, ...CATEGORY_OPTIONS]}
              {...form.getInputProps('category')}
            />
            <TextInput
              size="md"
              label="Review on"
              type="date"
              required
              min={today}
              {...form.getInputProps('review_on')}
            />
          </SimpleGrid>
          <TextInput size="md" label="What to do" required maxLength={120} {...form.getInputProps('title')} />
          <GrowingTextarea
            size="md"
            label="Why"
            required
            minRows={2}
            maxRows={8}
            maxLength={WHY_MAX}
            description={characterCount(form.values.why.length, WHY_MAX)}
            {...form.getInputProps('why')}
          />
          <Stack gap="xs" role="group" aria-label="Steps">
            {form.values.steps.map((step, index) => (
              <Group key={step.id} gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  size="md"
                  style={{ flex: 1 }}
                  label={`Step ${index + 1}`}
                  maxLength={200}
                  {...form.getInputProps(`steps.${index}.text`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Remove step ${index + 1}`}
                  onClick={() => form.removeListItem('steps', index)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="subtle"
                leftSection={<IconPlus size={18} aria-hidden />}
                onClick={() => form.insertListItem('steps', { id: crypto.randomUUID(), text: '' })}
                disabled={form.values.steps.length >= 20}
              >
                Add a step
              </Button>
            </Group>
          </Stack>
          <FormError message={problem} />
          <FormActions
            submit={{ label: 'Give the advice', pending: saving }}
            secondary={{ label: 'Cancel', onClick: close }}
          />
        </Stack>
      </form>
    </Modal>
  );
}
