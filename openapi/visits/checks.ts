/**
 * The checks of a draft (400 naming the field) and of a sign-off (422 naming
 * every field still missing), applied by the server to every request and by the
 * visit screens at the field before anything is sent. The soft limits, which
 * warn and need a reason to sign, are plausibility.ts.
 */
import type { LifestyleHistory, VisitDraft } from '../schema.gen.ts';
import { CONTRAINDICATIONS, OVERRIDE_REASON_MIN, visitStopped } from './contraindications.ts';
import type { FieldSpec, ListSpec, NumberSpec, ScreenQuestion } from './field-kinds.ts';
import { REACTION_FIELDS, THERAPY_FIELDS, VITALS_FIELDS, VITALS_MEASUREMENTS } from './fields.ts';
import { VISIT_THERAPIES } from './screens.ts';
import { CLOCK_TOLERANCE_MS } from '../time/clinic-time.ts';

export interface VisitFieldError {
  /** Where, as a path into the draft: `iv.volume_ml`, `vitals.2.systolic`. */
  field: string;
  message: string;
}

/** The message for a number outside its field's rules, or null when it fits. */
export function numberProblem(spec: NumberSpec, value: number): string | null {
  const unit = spec.unit ? ` ${spec.unit}` : '';
  if (!Number.isFinite(value)) return 'Enter a number.';
  if (value < spec.min || value > spec.max) return `Must be from ${spec.min} to ${spec.max}${unit}.`;
  const scaled = value * 10 ** spec.decimals;
  if (Math.abs(scaled - Math.round(scaled)) > 1e-6) {
    return spec.decimals === 0
      ? 'Enter a whole number.'
      : `At most ${spec.decimals} decimal place${spec.decimals === 1 ? '' : 's'}.`;
  }
  return null;
}

/** The message for a value that breaks its field's rules (a draft may leave it empty), or null. */
export function fieldProblem(spec: FieldSpec, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  switch (spec.input) {
    case 'number':
      return typeof value === 'number' ? numberProblem(spec, value) : 'Enter a number.';
    case 'text':
      if (typeof value !== 'string') return 'Enter text.';
      return value.length > spec.max ? `At most ${spec.max} characters.` : null;
    case 'choice':
      return spec.options.some((option) => option.value === value) ? null : 'Choose one of the options.';
    case 'choices':
      return Array.isArray(value) && value.every((item) => spec.options.some((option) => option.value === item))
        ? null
        : 'Choose from the options.';
    case 'instant':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? null : 'Enter a date and time.';
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? null : 'Enter a date.';
    case 'yes-no':
      return typeof value === 'boolean' ? null : 'Answer yes or no.';
    case 'checklist':
      return null;
  }
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

export const SIGN_MESSAGES = {
  required: 'Needed to sign.',
  answerAll: 'Answer every question to sign.',
  overrideReason: `A positive answer stops the visit: record why it goes ahead (at least ${OVERRIDE_REASON_MIN} characters).`,
  therapyConsent: 'The client’s consent to this therapy is needed to sign.',
  consentDate: 'When the client consented is needed to sign.',
  hipaa: 'The client has not given the HIPAA authorization; they give it in the portal.',
  vitalsBefore: 'Record vitals before the session to sign.',
  vitalsAfter: 'Record vitals after the session to sign.',
  glucose: 'Needed to sign: the client is diabetic.',
  successfulAttempt: 'Record the attempt that got the line in.',
  noMeasurement: 'Enter at least one measurement.',
} as const;

/** What a draft says of a moment and a day, for the checks that depend on them. */
export interface CheckClock {
  /** Today in the clinic's zone (YYYY-MM-DD): lots expiring before it are expired. */
  today: string;
  /** Now: nothing may be recorded as measured later than a few minutes from now. */
  now: Date;
  /** When the visit began (its `opened_at`); nothing is recorded before it. Unknown for a visit not yet begun. */
  openedAt?: Date | null;
}

/** A device whose clock is further than this from the server's has its entries flagged on the record. */
export const CLOCK_FLAG_MS = 5 * 60 * 1000;
/**
 * A time typed at the bay (vitals taken, a reaction, an infusion's start) may come this long before the chart
 * was opened: vitals taken at check-in, a session charted after it ended, within the shift. Earlier than that is
 * a slip (often the 12-hour clock's: 01:10 typed for 13:10).
 */
export const EARLIEST_OBSERVATION_MS = 6 * 60 * 60 * 1000;

type Entry = { id: string } & Record<string, unknown>;

function checkFields(
  table: Readonly<Record<string, FieldSpec | ListSpec<Entry>>>,
  values: Readonly<Record<string, unknown>>,
  prefix: string,
  errors: VisitFieldError[],
  seenIds: Set<string>,
): void {
  for (const [name, spec] of Object.entries(table)) {
    const value = values[name];
    if (spec.input === 'list') {
      if (!Array.isArray(value)) continue;
      (value as Entry[]).forEach((entry, index) => {
        checkEntryId(entry.id, `${prefix}${name}.${index}`, errors, seenIds);
        checkFields(spec.fields, entry, `${prefix}${name}.${index}.`, errors, seenIds);
      });
      continue;
    }
    if (spec.input === 'checklist') {
      checkAnswers(
        value as Readonly<Record<string, boolean | null>> | undefined,
        spec.questions,
        `${prefix}${name}`,
        errors,
      );
      continue;
    }
    const problem = fieldProblem(spec, value);
    if (problem) errors.push({ field: `${prefix}${name}`, message: problem });
  }
}

function checkEntryId(id: string, field: string, errors: VisitFieldError[], seenIds: Set<string>): void {
  const key = id.toLowerCase();
  if (seenIds.has(key)) errors.push({ field: `${field}.id`, message: 'Two entries have the same id.' });
  seenIds.add(key);
}

function checkAnswers(
  answers: Readonly<Record<string, boolean | null>> | undefined,
  questions: readonly ScreenQuestion[],
  field: string,
  errors: VisitFieldError[],
): void {
  for (const key of Object.keys(answers ?? {})) {
    if (!questions.some((question) => question.key === key)) {
      errors.push({ field: `${field}.${key}`, message: 'Not a question of this screen.' });
    }
  }
}

/**
 * What is wrong with the time of an observation on a chart (vitals taken, a reaction, a session's stop), ms since the
 * epoch: later than now (past the device clock's tolerance), or long before the visit began. Null where it may stand.
 */
export function observationTimeProblem(at: number, clock: CheckClock): string | null {
  if (at > clock.now.getTime() + CLOCK_TOLERANCE_MS) return 'Cannot be later than now.';
  const opened = clock.openedAt?.getTime();
  if (opened !== undefined && at < opened - EARLIEST_OBSERVATION_MS) {
    return 'Cannot be more than 6 hours before the visit began: check the time (24-hour clock).';
  }
  return null;
}

/**
 * Everything wrong with a draft as it stands: values out of range, fields of
 * another therapy, expired lots, times in the wrong order or the future,
 * entries without a measurement. A draft may be incomplete; see signingProblems.
 */
export function draftProblems(draft: VisitDraft, clock: CheckClock): VisitFieldError[] {
  const errors: VisitFieldError[] = [];
  const seenIds = new Set<string>();
  for (const therapy of VISIT_THERAPIES) {
    if (therapy !== draft.therapy && draft[therapy] !== undefined) {
      errors.push({
        field: therapy,
        message: `Only the fields of this visit’s therapy (${draft.therapy}) belong here.`,
      });
    }
  }
  const notLater = (value: string | null | undefined, field: string) => {
    const message = value ? observationTimeProblem(Date.parse(value), clock) : null;
    if (message) errors.push({ field, message });
  };
  checkRecordedTimes(draft, clock, errors);

  checkAnswers(draft.contraindications?.answers, CONTRAINDICATIONS[draft.therapy], 'contraindications.answers', errors);
  const reason = draft.contraindications?.override_reason;
  if (reason != null && reason.length > 1000) {
    errors.push({ field: 'contraindications.override_reason', message: 'At most 1000 characters.' });
  }
  const consentDate = draft.consent?.therapy_consent_date;
  if (consentDate && consentDate > clock.today) {
    errors.push({ field: 'consent.therapy_consent_date', message: 'Cannot be later than today.' });
  }

  (draft.vitals ?? []).forEach((entry, index) => {
    const at = `vitals.${index}`;
    checkEntryId(entry.id, at, errors, seenIds);
    checkFields(VITALS_FIELDS, entry, `${at}.`, errors, seenIds);
    if (VITALS_MEASUREMENTS.every((measurement) => entry[measurement] == null)) {
      errors.push({ field: at, message: SIGN_MESSAGES.noMeasurement });
    }
    if (entry.systolic != null && entry.diastolic != null && entry.systolic <= entry.diastolic) {
      errors.push({ field: `${at}.diastolic`, message: 'Must be lower than the systolic.' });
    }
    notLater(entry.taken_at, `${at}.taken_at`);
  });
  (draft.reactions ?? []).forEach((entry, index) => {
    checkEntryId(entry.id, `reactions.${index}`, errors, seenIds);
    notLater(entry.occurred_at, `reactions.${index}.occurred_at`);
  });

  const fields = draft[draft.therapy];
  if (fields) {
    checkFields(THERAPY_FIELDS[draft.therapy], fields, `${draft.therapy}.`, errors, seenIds);
  }
  if (draft.therapy === 'iv' && draft.iv) {
    const iv = draft.iv;
    (iv.additives ?? []).forEach((additive, index) => {
      if (additive.expiry && additive.expiry < clock.today) {
        errors.push({
          field: `iv.additives.${index}.expiry`,
          message: `This lot expired on ${additive.expiry}: do not use it.`,
        });
      }
    });
    if (iv.started_at && iv.stopped_at && Date.parse(iv.stopped_at) < Date.parse(iv.started_at)) {
      errors.push({ field: 'iv.stopped_at', message: 'Cannot be before the start.' });
    }
    notLater(iv.started_at, 'iv.started_at');
    notLater(iv.stopped_at, 'iv.stopped_at');
    (iv.site_checks ?? []).forEach((check, index) => {
      const at = `iv.site_checks.${index}.checked_at`;
      // A site check is stored with its time (clinic.yaml requires it): until it has one it stays on the device.
      if (!check.checked_at) errors.push({ field: at, message: 'Enter when the site was checked.' });
      notLater(check.checked_at, at);
    });
  }
  return errors;
}

/**
 * The device's times of what it recorded (`recorded_at`) and of the visit's beginning: never later than now,
 * never before the visit began, beyond the clock tolerance.
 */
function checkRecordedTimes(draft: VisitDraft, clock: CheckClock, errors: VisitFieldError[]): void {
  const latest = clock.now.getTime() + CLOCK_TOLERANCE_MS;
  const opened = clock.openedAt?.getTime() ?? null;
  if (draft.opened_at && Date.parse(draft.opened_at) > latest) {
    errors.push({ field: 'opened_at', message: 'Cannot be later than now.' });
  }
  for (const [key, value] of Object.entries(draft.recorded_at ?? {})) {
    const at = Date.parse(value.at);
    if (at > latest) errors.push({ field: `recorded_at.${key}.at`, message: 'Cannot be later than now.' });
    else if (opened !== null && at < opened - CLOCK_TOLERANCE_MS) {
      errors.push({ field: `recorded_at.${key}.at`, message: 'Cannot be before the visit began.' });
    }
  }
}

/** What the client's own record says that signing depends on. */
export interface SigningContext {
  /** The client has given the HIPAA authorization. */
  hipaaConsent: boolean;
  /** The client's profile records diabetes (see profileSaysDiabetic). */
  diabetic: boolean;
}

function requireFields(
  table: Readonly<Record<string, FieldSpec | ListSpec<Entry>>>,
  values: Readonly<Record<string, unknown>>,
  prefix: string,
  errors: VisitFieldError[],
): void {
  for (const [name, spec] of Object.entries(table)) {
    const value = values[name];
    if (spec.input === 'list') {
      const entries = Array.isArray(value) ? (value as Entry[]) : [];
      if (entries.length < (spec.minToSign ?? 0)) {
        errors.push({
          field: `${prefix}${name}`,
          message: `Record at least one ${spec.itemLabel.toLowerCase()} to sign.`,
        });
      }
      entries.forEach((entry, index) => requireFields(spec.fields, entry, `${prefix}${name}.${index}.`, errors));
      continue;
    }
    if (!spec.requiredToSign) continue;
    if (spec.input === 'checklist') {
      const answers = (value ?? {}) as Readonly<Record<string, unknown>>;
      if (spec.questions.some((question) => typeof answers[question.key] !== 'boolean')) {
        errors.push({ field: `${prefix}${name}`, message: SIGN_MESSAGES.answerAll });
      }
    } else if (isEmpty(value)) {
      errors.push({ field: `${prefix}${name}`, message: SIGN_MESSAGES.required });
    }
  }
}

/**
 * What must be added before a visit can be signed, field by field: consent,
 * the whole contraindication screen (and why it goes ahead after a yes),
 * vitals before and after, and every field its therapy needs. Empty when it
 * can be signed.
 */
export function signingProblems(draft: VisitDraft, context: SigningContext): VisitFieldError[] {
  const errors: VisitFieldError[] = [];
  if (!context.hipaaConsent) errors.push({ field: 'client_id', message: SIGN_MESSAGES.hipaa });
  if (draft.consent?.therapy_consent !== true) {
    errors.push({ field: 'consent.therapy_consent', message: SIGN_MESSAGES.therapyConsent });
  }
  if (!draft.consent?.therapy_consent_date) {
    errors.push({ field: 'consent.therapy_consent_date', message: SIGN_MESSAGES.consentDate });
  }
  const answers = draft.contraindications?.answers ?? {};
  for (const question of CONTRAINDICATIONS[draft.therapy]) {
    if (typeof answers[question.key] !== 'boolean') {
      errors.push({ field: `contraindications.answers.${question.key}`, message: SIGN_MESSAGES.answerAll });
    }
  }
  if (visitStopped(draft)) {
    errors.push({ field: 'contraindications.override_reason', message: SIGN_MESSAGES.overrideReason });
  }
  const vitals = draft.vitals ?? [];
  if (!vitals.some((entry) => entry.phase === 'before')) {
    errors.push({ field: 'vitals', message: SIGN_MESSAGES.vitalsBefore });
  }
  if (!vitals.some((entry) => entry.phase === 'after'))
    errors.push({ field: 'vitals', message: SIGN_MESSAGES.vitalsAfter });
  (draft.reactions ?? []).forEach((entry, index) =>
    requireFields(REACTION_FIELDS, entry, `reactions.${index}.`, errors),
  );

  const therapy = draft.therapy;
  const fields = (draft[therapy] ?? {}) as Readonly<Record<string, unknown>>;
  requireFields(THERAPY_FIELDS[therapy], fields, `${therapy}.`, errors);
  if (therapy === 'iv') {
    const attempts = draft.iv?.attempts ?? [];
    if (attempts.length > 0 && !attempts.some((attempt) => attempt.outcome === 'success')) {
      errors.push({ field: 'iv.attempts', message: SIGN_MESSAGES.successfulAttempt });
    }
  }
  if (therapy === 'hbot' && (context.diabetic || draft.hbot?.diabetic === true)) {
    for (const field of ['glucose_before', 'glucose_after'] as const) {
      if (draft.hbot?.[field] == null) errors.push({ field: `hbot.${field}`, message: SIGN_MESSAGES.glucose });
    }
  }
  return errors;
}

/**
 * Whether a profile records diabetes: the lifestyle history's `diabetes`
 * (openapi/people/health-history.ts) says yes, of any type.
 */
export function profileSaysDiabetic(lifestyle: Pick<LifestyleHistory, 'diabetes'> | null | undefined): boolean {
  const answer = lifestyle?.diabetes;
  return answer !== undefined && answer !== null && answer !== 'no';
}
