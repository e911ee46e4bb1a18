import { Card, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useId } from 'react';
import * as v from 'valibot';
import { WHO5_ANSWERS, WHO5_ITEMS, WHO5_PERIOD } from '@contract';
import { ChoiceCards } from '@/components/ChoiceCards';
import { FormActions } from '@/components/FormActions';
import { useUnsavedDraft } from '@/pwa/drafts';

interface Who5Values {
  /** One per statement, as the card's value ('0' to '5'); '' until answered. */
  answers: string[];
}

const OPTIONS = WHO5_ANSWERS.map((answer) => ({ value: String(answer.value), label: answer.label }));

export const WHO5_UNANSWERED = (item: number) => `Choose an answer for statement ${item}`;

/** Every one of the five statements answered (WHO5_ITEMS); each one left open is named. */
const Who5Schema = v.object({
  answers: v.pipe(
    v.array(v.string()),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const answers = dataset.value;
      WHO5_ITEMS.forEach((_item, index) => {
        if ((answers[index] ?? '') !== '') return;
        addIssue({
          message: WHO5_UNANSWERED(index + 1),
          path: [{ type: 'array', origin: 'value', input: answers, key: index, value: answers[index] }],
        });
      });
    }),
  ),
});

/**
 * The WHO-5's five statements, each answered for the last two weeks, on cards
 * a thumb can hit; the first one left open is named when the client sends.
 */
export function Who5Form({ onSubmit, pending }: { onSubmit: (answers: number[]) => void; pending: boolean }) {
  const headingId = useId();
  const form = useForm<Who5Values>({
    mode: 'controlled',
    initialValues: { answers: WHO5_ITEMS.map(() => '') },
    validate: schemaResolver(Who5Schema, { sync: true }),
  });
  useUnsavedDraft(form.isDirty(), 'Thrive check answers');

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headingId}>
      <form
        noValidate
        aria-labelledby={headingId}
        onSubmit={form.onSubmit(
          (values) => onSubmit(values.answers.map((answer) => Number(answer))),
          () => {
            requestAnimationFrame(() =>
              document
                .querySelector<HTMLElement>(`[aria-labelledby="${headingId}"] [aria-invalid="true"] [role="radio"]`)
                ?.focus(),
            );
          },
        )}
      >
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2} size="h3" id={headingId}>
              {WHO5_PERIOD}…
            </Title>
            <Text size="sm" c="dimmed">
              Choose what is closest to how you have been feeling. There are no right or wrong answers.
            </Text>
          </Stack>
          {WHO5_ITEMS.map((item, index) => {
            const error = form.errors[`answers.${index}`];
            return (
              <div key={item} aria-invalid={error ? true : undefined}>
                <ChoiceCards
                  label={`${index + 1}. ${item}`}
                  value={form.values.answers[index] || null}
                  options={OPTIONS}
                  onChange={(answer) => form.setFieldValue(`answers.${index}`, answer)}
                  error={error}
                  minWidth={220}
                />
              </div>
            );
          })}
          <FormActions submit={{ label: 'See my score', pending }} />
        </Stack>
      </form>
    </Card>
  );
}
