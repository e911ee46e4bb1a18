/**
 * The kinds of field a visit records (a number with its unit and range, a
 * text, a choice, a moment, a checklist, a list of entries), as the tables of
 * fields.ts describe them and the visit screens render them.
 */

export interface ScreenQuestion {
  key: string;
  label: string;
}

export interface BaseSpec {
  label: string;
  /** Signing needs a value. */
  requiredToSign?: true;
  /** A short hint under the input. */
  hint?: string;
}

export interface NumberSpec extends BaseSpec {
  input: 'number';
  unit?: string;
  min: number;
  max: number;
  /** Decimal places allowed; 0 is a whole number. */
  decimals: 0 | 1 | 2;
}

export interface TextSpec extends BaseSpec {
  input: 'text';
  max: number;
  multiline?: true;
}

export interface Option {
  value: string;
  label: string;
}

export interface ChoiceSpec extends BaseSpec {
  input: 'choice';
  options: readonly Option[];
}

export interface ChoicesSpec extends BaseSpec {
  input: 'choices';
  options: readonly Option[];
}

/** A moment (date and time). */
export interface InstantSpec extends BaseSpec {
  input: 'instant';
}

export interface DateSpec extends BaseSpec {
  input: 'date';
}

export interface YesNoSpec extends BaseSpec {
  input: 'yes-no';
}

/** Questions each answered yes or no (an object of answers by question key). */
export interface ChecklistSpec extends BaseSpec {
  input: 'checklist';
  questions: readonly ScreenQuestion[];
}

export type FieldSpec =
  NumberSpec | TextSpec | ChoiceSpec | ChoicesSpec | InstantSpec | DateSpec | YesNoSpec | ChecklistSpec;

/** A list of entries, each made by someone at some time (and attributed by its id). */
export interface ListSpec<Item> {
  input: 'list';
  label: string;
  /** What one entry is called ('Additive'). */
  itemLabel: string;
  fields: { readonly [K in Exclude<keyof Item, 'id'>]-?: FieldSpec };
  /** Signing needs at least this many entries. */
  minToSign?: number;
  hint?: string;
}

/** One field spec per key of a therapy's fields; lists of entries (with ids) get a ListSpec. */
export type FieldTable<T> = {
  readonly [K in keyof T]-?: NonNullable<T[K]> extends readonly (infer Item)[]
    ? Item extends { id: string }
      ? ListSpec<Item>
      : FieldSpec
    : FieldSpec;
};

/** Options from a value-to-label map, in its order. */
export const options = (entries: Readonly<Record<string, string>>): Option[] =>
  Object.entries(entries).map(([value, label]) => ({ value, label }));
