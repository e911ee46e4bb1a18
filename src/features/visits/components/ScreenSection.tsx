import { Alert, Stack, Text } from '@mantine/core';
import { CONTRAINDICATIONS, OVERRIDE_REASON_MIN, positiveContraindications } from '@contract';
import { GrowingTextarea } from '@/components/GrowingTextarea';
import { YesNo } from './FieldInput';
import { Section } from './Section';
import { useVisitEditing } from './visit-context';

/** The answers, and the therapy whose questions they answer. */
const SCREEN = ['contraindications', 'therapy'];

/**
 * The therapy's contraindication screen. A yes stops the visit: the therapy's
 * fields stay closed until a nurse or doctor records why it goes ahead.
 */
export function ScreenSection() {
  const { draft, update, commit, problems, readOnly, stopped, attribution, mayOverride } = useVisitEditing(SCREEN);
  const answers = draft.contraindications?.answers ?? {};
  const positive = positiveContraindications(draft);
  const reason = draft.contraindications?.override_reason ?? '';
  return (
    <Section id="screen" title="Contraindication screen">
      <Stack gap="sm">
        {CONTRAINDICATIONS[draft.therapy].map((question) => (
          <YesNo
            key={question.key}
            label={question.label}
            value={answers[question.key]}
            onChange={(value) => commit(`contraindications.answers.${question.key}`, value)}
            error={problems.get(`contraindications.answers.${question.key}`)}
            disabled={readOnly}
            description={attribution(`contraindications.answers.${question.key}`)}
          />
        ))}
      </Stack>
      {positive.length > 0 && (
        <Alert
          color={stopped ? 'red' : 'orange'}
          variant="light"
          title={stopped ? 'Stop: do not start the therapy' : 'Going ahead after a positive screen'}
          role={stopped ? 'alert' : undefined}
        >
          <Stack gap="sm">
            <Text size="sm">
              Answered yes: {positive.map((question) => question.label.toLowerCase()).join('; ')}.
              {stopped &&
                (mayOverride
                  ? ' If the therapy goes ahead all the same, record why.'
                  : ' A nurse or a doctor decides whether it goes ahead, and records why.')}
            </Text>
            {(mayOverride || reason !== '') && (
              <GrowingTextarea
                label="Why the visit goes ahead"
                description={
                  <>
                    At least {OVERRIDE_REASON_MIN} characters, e.g. who cleared it.{' '}
                    {attribution('contraindications.override_reason')}
                  </>
                }
                value={reason}
                onChange={(event) => update('contraindications.override_reason', event.currentTarget.value || null)}
                error={problems.get('contraindications.override_reason')}
                disabled={readOnly || !mayOverride}
                minRows={2}
                maxLength={1000}
              />
            )}
          </Stack>
        </Alert>
      )}
    </Section>
  );
}
