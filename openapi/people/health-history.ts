/**
 * The profile's two histories (clinic.yaml's LifestyleHistory and
 * FamilyHistory), each answer described once: what it is called and what its
 * choices read as. The onboarding steps, the profile forms and the read-only
 * views are derived from these tables; the contract holds the same choices,
 * so what a form offers the server accepts.
 */
import type { FamilyCondition, FamilyHistory, FamilyMember, LifestyleHistory } from '../schema.gen.ts';

export interface ChoiceOption<T extends string> {
  value: T;
  label: string;
}

type Choice<K extends keyof LifestyleHistory> = Exclude<NonNullable<LifestyleHistory[K]>, number>;

/** The lifestyle topics answered by a choice, in the order they are asked. */
export const LIFESTYLE_CHOICES = {
  sleep_quality: {
    label: 'How well do you sleep?',
    options: [
      { value: 'good', label: 'Well' },
      { value: 'fair', label: 'Fairly well' },
      { value: 'poor', label: 'Poorly' },
    ],
  },
  activity: {
    label: 'How active is a usual week?',
    options: [
      { value: 'sedentary', label: 'Mostly sitting' },
      { value: 'light', label: 'Light (walks, chores)' },
      { value: 'moderate', label: 'Moderate (exercise 2–4 times)' },
      { value: 'active', label: 'Very active (5 or more times)' },
    ],
  },
  diet: {
    label: 'How do you eat?',
    options: [
      { value: 'omnivore', label: 'Everything' },
      { value: 'vegetarian', label: 'Vegetarian' },
      { value: 'vegan', label: 'Vegan' },
      { value: 'pescatarian', label: 'Fish, no meat' },
      { value: 'other', label: 'Another way' },
    ],
  },
  alcohol: {
    label: 'Alcohol',
    options: [
      { value: 'none', label: 'None' },
      { value: 'occasional', label: 'Now and then' },
      { value: 'weekly', label: 'Every week' },
      { value: 'daily', label: 'Most days' },
    ],
  },
  tobacco: {
    label: 'Tobacco',
    options: [
      { value: 'never', label: 'Never' },
      { value: 'former', label: 'Used to' },
      { value: 'current', label: 'Yes, now' },
    ],
  },
  stress: {
    label: 'Stress these days',
    options: [
      { value: 'low', label: 'Low' },
      { value: 'moderate', label: 'Moderate' },
      { value: 'high', label: 'High' },
    ],
  },
  diabetes: {
    label: 'Diabetes',
    options: [
      { value: 'no', label: 'No' },
      { value: 'type_1', label: 'Yes, type 1' },
      { value: 'type_2', label: 'Yes, type 2' },
      { value: 'other', label: 'Yes, another type or not sure which' },
    ],
  },
} as const satisfies {
  [K in Exclude<keyof LifestyleHistory, 'sleep_hours' | 'notes'>]: {
    label: string;
    options: readonly ChoiceOption<Choice<K>>[];
  };
};

export type LifestyleChoice = keyof typeof LIFESTYLE_CHOICES;
export const LIFESTYLE_CHOICE_TOPICS = Object.keys(LIFESTYLE_CHOICES) as LifestyleChoice[];

export const SLEEP_HOURS = { label: 'Hours of sleep on a usual night', min: 0, max: 24, step: 0.5 } as const;
/** The notes of each history (clinic.yaml's maxLength; the profile field table says the same). */
export const HISTORY_NOTES_MAX = 4000;
export const FAMILY_MEMBER_NOTES_MAX = 500;
export const FAMILY_MEMBERS_MAX = 30;

export const RELATIVE_LABELS: Readonly<Record<FamilyMember['relative'], string>> = {
  mother: 'Mother',
  father: 'Father',
  sister: 'Sister',
  brother: 'Brother',
  daughter: 'Daughter',
  son: 'Son',
  grandparent: 'Grandparent',
  aunt_or_uncle: 'Aunt or uncle',
  other: 'Other relative',
};

export const CONDITION_LABELS: Readonly<Record<FamilyCondition, string>> = {
  heart_disease: 'Heart disease',
  stroke: 'Stroke',
  high_blood_pressure: 'High blood pressure',
  high_cholesterol: 'High cholesterol',
  diabetes: 'Diabetes',
  cancer: 'Cancer',
  dementia: 'Dementia',
  mental_health: 'Depression or another mental health condition',
  other: 'Something else',
};

/** Every relative and condition the contract knows, in the order they are offered. */
export const RELATIVES = Object.keys(RELATIVE_LABELS) as FamilyMember['relative'][];
export const FAMILY_CONDITIONS = Object.keys(CONDITION_LABELS) as FamilyCondition[];

/** The answer's label, or the value itself should the contract have moved on. */
export function lifestyleChoiceLabel<K extends LifestyleChoice>(topic: K, value: LifestyleHistory[K]): string | null {
  if (value === null || value === undefined) return null;
  const options: readonly ChoiceOption<string>[] = LIFESTYLE_CHOICES[topic].options;
  return options.find((option) => option.value === value)?.label ?? String(value);
}

/** A history as it is stored: answers left empty are left out, so an untouched form compares equal to `{}`. */
export function tidyLifestyle(history: LifestyleHistory): LifestyleHistory {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(history)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

export function tidyFamily(history: FamilyHistory): FamilyHistory {
  const out: FamilyHistory = {};
  const relatives = (history.relatives ?? []).map((member) => ({
    relative: member.relative,
    conditions: [...new Set(member.conditions)],
    ...(member.notes && member.notes.trim() !== '' ? { notes: member.notes.trim() } : {}),
  }));
  if (relatives.length > 0) out.relatives = relatives;
  if (history.none_known === true && relatives.length === 0) out.none_known = true;
  const notes = history.notes?.trim();
  if (notes) out.notes = notes;
  return out;
}

/** Every lifestyle topic answered (notes are optional). */
export function lifestyleComplete(history: LifestyleHistory): boolean {
  return (
    history.sleep_hours !== null &&
    history.sleep_hours !== undefined &&
    LIFESTYLE_CHOICE_TOPICS.every((topic) => history[topic] !== null && history[topic] !== undefined)
  );
}

/** At least one relative listed, or none known. */
export function familyComplete(history: FamilyHistory): boolean {
  return (history.relatives?.length ?? 0) > 0 || history.none_known === true;
}

/** One answer of a history as people read it: what it is about, and the answer. */
export interface HistoryLine {
  topic: string;
  answer: string;
}

/** A lifestyle history as lines people read (Sleep: 7 hours a night), in the order it is asked. */
export function describeLifestyle(history: LifestyleHistory): HistoryLine[] {
  const lines: HistoryLine[] = [];
  if (history.sleep_hours !== null && history.sleep_hours !== undefined) {
    lines.push({
      topic: 'Sleep',
      answer: `${history.sleep_hours} ${history.sleep_hours === 1 ? 'hour' : 'hours'} a night`,
    });
  }
  for (const topic of LIFESTYLE_CHOICE_TOPICS) {
    const answer = lifestyleChoiceLabel(topic, history[topic]);
    if (answer !== null) lines.push({ topic: LIFESTYLE_CHOICES[topic].label, answer });
  }
  if (history.notes) lines.push({ topic: 'Notes', answer: history.notes });
  return lines;
}

/** A family history as lines people read (Father: Diabetes, Heart disease (at 60)). */
export function describeFamily(history: FamilyHistory): HistoryLine[] {
  const lines: HistoryLine[] = (history.relatives ?? []).map((member) => {
    const conditions = member.conditions.map((condition) => CONDITION_LABELS[condition] ?? condition);
    const what = conditions.length > 0 ? conditions.join(', ') : 'No condition named';
    return {
      topic: RELATIVE_LABELS[member.relative] ?? member.relative,
      answer: `${what}${member.notes ? ` (${member.notes})` : ''}`,
    };
  });
  if (history.none_known === true && lines.length === 0) lines.push({ topic: 'Family', answer: 'No conditions known' });
  if (history.notes) lines.push({ topic: 'Notes', answer: history.notes });
  return lines;
}

/** Lines as one text ('Sleep: 7 hours a night; Alcohol: None'). */
export function historyText(lines: readonly HistoryLine[]): string {
  return lines.map((line) => `${line.topic}: ${line.answer}`).join('; ');
}
