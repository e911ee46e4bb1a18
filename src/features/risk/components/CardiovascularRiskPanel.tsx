import {
  Alert,
  Box,
  Card,
  Input,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
  rem,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useId, useMemo, useState, type ReactNode } from 'react';
import * as v from 'valibot';
import { TOUCH_TARGET } from '@/config/touch';
import { Term } from '@/components/signed-in/Term';
import {
  RISK_CAP_PERCENT,
  VALIDATED_AGE,
  calculateCardiovascularRisk,
  type CardiovascularRiskInput,
  type CardiovascularRiskResult,
  type RiskCategory,
  type Sex,
} from '@contract';
import {
  RISK_FIELDS,
  RiskDraftSchema,
  type NumericRiskField,
  type RiskDraft,
  type RiskField,
  type YesNo,
} from '../schemas';

type YesNoField = 'treats_hypertension' | 'smoker' | 'diabetic';

const SEX_OPTIONS: { value: Sex; label: string }[] = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'other', label: 'Other' },
];

const YES_NO_OPTIONS: { value: YesNo; label: string }[] = [
  { value: 'no', label: 'No' },
  { value: 'yes', label: 'Yes' },
];

const NUMBER_FIELDS: { field: NumericRiskField; label: string }[] = [
  { field: 'age', label: 'Age (years)' },
  { field: 'hdl_cholesterol', label: 'HDL cholesterol (mg/dL)' },
  { field: 'total_cholesterol', label: 'Total cholesterol (mg/dL)' },
  { field: 'systolic_bp', label: 'Systolic blood pressure (mmHg)' },
];

const YES_NO_FIELDS: { field: YesNoField; label: string }[] = [
  { field: 'treats_hypertension', label: 'Treated for high blood pressure' },
  { field: 'smoker', label: 'Smoker' },
  { field: 'diabetic', label: 'Diabetic' },
];

const CATEGORY_LABEL: Record<RiskCategory, string> = {
  low: 'Low',
  intermediate: 'Intermediate',
  high: 'High',
};

/** The scale's three parts; each covers a third of 0-30 %, the range the risk can take. */
const SCALE: { category: RiskCategory; range: string; background: string }[] = [
  { category: 'low', range: 'below 10 %', background: 'var(--mantine-color-green-1)' },
  { category: 'intermediate', range: '10 to 20 %', background: 'var(--mantine-color-yellow-2)' },
  { category: 'high', range: 'above 20 %', background: 'var(--mantine-color-red-1)' },
];

const MARKER_WIDTH = rem(64);
const MARKER_HALF = rem(32);

function toYesNo(value: boolean | undefined): YesNo | '' {
  if (value === undefined) return '';
  return value ? 'yes' : 'no';
}

function draftFrom(initial: Partial<CardiovascularRiskInput>): RiskDraft {
  return {
    sex: initial.sex ?? '',
    age: initial.age ?? '',
    hdl_cholesterol: initial.hdl_cholesterol ?? '',
    total_cholesterol: initial.total_cholesterol ?? '',
    systolic_bp: initial.systolic_bp ?? '',
    treats_hypertension: toYesNo(initial.treats_hypertension),
    smoker: toYesNo(initial.smoker),
    diabetic: toYesNo(initial.diabetic),
  };
}

const riskErrors = schemaResolver(RiskDraftSchema, { sync: true });

function formatPercent(value: number): string {
  return `${value.toFixed(1)} %`;
}

function ChoiceField<T extends string>({
  id,
  label,
  description,
  value,
  options,
  error,
  onChange,
}: {
  id: string;
  label: string;
  description?: string;
  value: T | '';
  options: { value: T; label: string }[];
  error: ReactNode;
  onChange: (value: T) => void;
}) {
  const describedBy = [description ? `${id}-description` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <Input.Wrapper id={id} label={label} labelElement="div" description={description} error={error} size="md">
      <SegmentedControl
        mt={4}
        fullWidth
        size="md"
        // '' matches no option, so nothing shows as chosen until staff choose.
        value={value}
        data={options}
        onChange={(next) => {
          const option = options.find((candidate) => candidate.value === next);
          if (option) onChange(option.value);
        }}
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy || undefined}
        aria-invalid={error ? true : undefined}
        styles={{
          label: { minHeight: TOUCH_TARGET, display: 'flex', alignItems: 'center', justifyContent: 'center' },
        }}
      />
    </Input.Wrapper>
  );
}

/** Where the risk sits on the low / intermediate / high scale; the words and the marker carry it, not the colours. */
function RiskScale({ result }: { result: CardiovascularRiskResult }) {
  const position = Math.min(Math.max(result.riskPercentage / RISK_CAP_PERCENT, 0), 1) * 100;
  const label = CATEGORY_LABEL[result.category];
  return (
    <Box
      role="meter"
      aria-label="10-year risk on the category scale"
      aria-valuemin={0}
      aria-valuemax={RISK_CAP_PERCENT}
      aria-valuenow={result.riskPercentage}
      aria-valuetext={`${formatPercent(result.riskPercentage)}, ${label.toLowerCase()} risk`}
    >
      <Box style={{ display: 'flex', gap: rem(4) }}>
        {SCALE.map((part) => {
          const active = part.category === result.category;
          return (
            <Box
              key={part.category}
              px="xs"
              py={6}
              style={{
                flex: 1,
                background: part.background,
                color: 'var(--mantine-color-black)',
                borderRadius: 'var(--mantine-radius-sm)',
                border: active ? '3px solid var(--mantine-color-text)' : '3px solid transparent',
              }}
            >
              <Text size="sm" fw={active ? 700 : 400} td={active ? 'underline' : undefined}>
                {CATEGORY_LABEL[part.category]}
              </Text>
              <Text size="xs">{part.range}</Text>
            </Box>
          );
        })}
      </Box>
      <Box pos="relative" h={rem(40)} aria-hidden>
        <Box
          pos="absolute"
          top={0}
          w={MARKER_WIDTH}
          ta="center"
          // Centred on the risk, but kept inside the scale at 0.8 % and 30 %.
          style={{
            left: `clamp(${MARKER_HALF}, ${position}%, calc(100% - ${MARKER_HALF}))`,
            transform: 'translateX(-50%)',
          }}
        >
          <Text size="sm" fw={700} lh={1.2}>
            ▲
          </Text>
          <Text size="sm" fw={700} lh={1.2}>
            {formatPercent(result.riskPercentage)}
          </Text>
        </Box>
      </Box>
    </Box>
  );
}

function riskNote(result: CardiovascularRiskResult): string | null {
  if (result.riskBound === 'below') return 'The published table gives less than 1 %, shown as 0.8 %.';
  if (result.riskBound === 'above') return 'The published table gives more than 30 %, shown as 30 %.';
  return null;
}

export interface CardiovascularRiskPanelProps {
  /**
   * Values known before staff start, e.g. the sex from the client's gender and
   * the age from the date of birth (see riskInputFromProfile). Read once when
   * the panel mounts: give it a `key` per client.
   */
  initial?: Partial<CardiovascularRiskInput>;
  /** Shown under a complete result, with the inputs it came from (e.g. sharing it with the client). */
  resultAction?: (input: CardiovascularRiskInput) => ReactNode;
  /** Where the prefilled values came from, and when (a lab result, a visit): said under the heading. */
  prefillNote?: ReactNode;
}

/**
 * The cardiovascular risk calculator for staff: they enter what the profile
 * does not hold, and the points, 10-year risk and category follow every
 * change. Nothing leaves the device, so it works offline.
 */
export function CardiovascularRiskPanel({ initial = {}, resultAction, prefillNote }: CardiovascularRiskPanelProps) {
  const id = useId();
  // Read once: the prefilled values, checked at once, and counted as touched so their errors show.
  const [start] = useState(() => {
    const values = draftFrom(initial);
    const prefilled = RISK_FIELDS.filter((field) => initial[field] !== undefined);
    return {
      values,
      errors: riskErrors(values),
      touched: Object.fromEntries(prefilled.map((field) => [field, true])),
    };
  });
  const form = useForm<RiskDraft>({
    mode: 'controlled',
    initialValues: start.values,
    initialErrors: start.errors,
    initialTouched: start.touched,
    validate: riskErrors,
    // Checked on every change; an error shows once its field has been left or chosen (marked by the inputs).
    validateInputOnChange: true,
    touchTrigger: 'focus',
  });
  // HDL may not be higher than the total: a new total checks the HDL again.
  form.watch('total_cholesterol', () => form.validateField('hdl_cholesterol'));

  const parsed = useMemo(() => v.safeParse(RiskDraftSchema, form.values), [form.values]);
  const result = parsed.success ? calculateCardiovascularRisk(parsed.output) : null;

  const touch = (field: RiskField) => form.setTouched((touched) => ({ ...touched, [field]: true }));
  const shownError = (field: RiskField) => (form.isTouched(field) ? form.errors[field] : undefined);
  const choose = (field: 'sex' | YesNoField, value: RiskDraft['sex' | YesNoField]) => {
    form.setFieldValue(field, value);
    touch(field);
  };

  const category = result ? CATEGORY_LABEL[result.category] : null;
  const note = result ? riskNote(result) : null;

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} size="h3" id={`${id}-title`}>
            Cardiovascular risk
          </Title>
          <Text size="sm" c="dimmed">
            Framingham general cardiovascular disease risk over 10 years (points method, D&apos;Agostino 2008). Every
            field is needed.
          </Text>
          {prefillNote && (
            <Text size="sm" role="note">
              {prefillNote}
            </Text>
          )}
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <ChoiceField
            id={`${id}-sex`}
            label="Sex"
            description="Other uses the tables for women."
            value={form.values.sex}
            options={SEX_OPTIONS}
            error={shownError('sex')}
            onChange={(value) => choose('sex', value)}
          />
          {NUMBER_FIELDS.map(({ field, label }) => (
            <NumberInput
              key={field}
              label={label}
              {...form.getInputProps(field, { withFocus: false })}
              onBlur={() => {
                touch(field);
                form.validateField(field);
              }}
              error={shownError(field)}
              required
              withAsterisk={false}
              hideControls
              allowNegative={false}
              inputMode="decimal"
              size="md"
              // Mantine declares its md height (42 px) on the input wrapper, out of reach of app.css.
              styles={{ input: { height: TOUCH_TARGET, minHeight: TOUCH_TARGET } }}
            />
          ))}
          {YES_NO_FIELDS.map(({ field, label }) => (
            <ChoiceField
              key={field}
              id={`${id}-${field}`}
              label={label}
              value={form.values[field]}
              options={YES_NO_OPTIONS}
              error={shownError(field)}
              onChange={(value) => choose(field, value)}
            />
          ))}
        </SimpleGrid>

        <Stack gap="sm" component="section" aria-labelledby={`${id}-result`}>
          <Title order={3} size="h4" id={`${id}-result`}>
            Result
          </Title>
          <VisuallyHidden aria-live="polite" aria-atomic>
            {result
              ? `10-year risk ${formatPercent(result.riskPercentage)}, ${category?.toLowerCase()}, ${result.points} points.`
              : ''}
          </VisuallyHidden>
          {result ? (
            <>
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
                <Term stat label="Points">
                  {result.points}
                </Term>
                <Term stat label="10-year risk">
                  {formatPercent(result.riskPercentage)}
                </Term>
                <Term stat label="Category">
                  {category}
                </Term>
              </SimpleGrid>
              {note && (
                <Text size="sm" c="dimmed">
                  {note}
                </Text>
              )}
              <RiskScale result={result} />
              {result.outsideValidatedAge && (
                <Alert
                  variant="light"
                  color="yellow"
                  title="Age outside the validated range"
                  // Mantine's yellow title is too light on its own background for WCAG AA.
                  styles={{ title: { color: 'var(--mantine-color-text)' } }}
                >
                  The model was derived from people aged {VALIDATED_AGE.from} to {VALIDATED_AGE.below - 1}. This result
                  uses the nearest age band, so read it with care.
                </Alert>
              )}
              {parsed.success && resultAction?.(parsed.output)}
            </>
          ) : (
            <Text c="dimmed">Complete every field to see the points and the 10-year risk.</Text>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}
