import { NativeSelect, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { contactMethodValues } from '@contract';
import {
  APPOINTMENT_DURATIONS,
  CONTACT_METHOD_LABELS,
  FIELD_LABELS,
  durationLabel,
  isHistoryField,
  type ProfileField,
} from '../model/fields';
import type { ProfileFormValues } from '../model/form-values';
import { todayIso } from '@/lib/validation/formats';
import { PROFILE_LIMITS } from '../schemas';
import { HistoryEditor } from './HistoryEditor';
import { Wide } from './ProfileSection';

export type ProfileFormApi = UseFormReturnType<ProfileFormValues>;

const GENDER_OPTIONS = [
  { value: '', label: 'Not specified' },
  { value: 'M', label: 'Male' },
  { value: 'F', label: 'Female' },
];

const CONTACT_OPTIONS = contactMethodValues.map((value) => ({ value, label: CONTACT_METHOD_LABELS[value] }));

/** A number typed without a country code gets +1 (normalisePhone); the hint shows the expected form. */
const PHONE_HINT = 'With country code, e.g. +15555550101';

/** The browser's autofill for the person's own profile only: staff must not fill a client's form with their own data. */
const OWN_AUTOCOMPLETE: Partial<Record<ProfileField, string>> = {
  phone_number: 'tel',
  alternate_email: 'email',
  address_line_1: 'address-line1',
  address_line_2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  zipcode: 'postal-code',
  country: 'country-name',
};

function counter(length: number, max: number): string {
  return `${length.toLocaleString()} of ${max.toLocaleString()} characters`;
}

/** The input for one profile field, wired to the form. */
export function ProfileFieldInput({ field, form, own }: { field: ProfileField; form: ProfileFormApi; own: boolean }) {
  const label = FIELD_LABELS[field];
  const autoComplete = own ? (OWN_AUTOCOMPLETE[field] ?? 'off') : 'off';

  if (isHistoryField(field)) {
    return (
      <Wide>
        <HistoryEditor field={field} form={form} />
      </Wide>
    );
  }

  switch (field) {
    case 'gender':
      return <NativeSelect size="md" label={label} data={GENDER_OPTIONS} {...form.getInputProps(field)} />;
    case 'preferred_contact_method':
      return <NativeSelect size="md" label={label} data={CONTACT_OPTIONS} {...form.getInputProps(field)} />;
    case 'appointment_duration': {
      const current = form.values.appointment_duration;
      const options = APPOINTMENT_DURATIONS.some((option) => option.value === current)
        ? APPOINTMENT_DURATIONS
        : [{ value: current, label: durationLabel(current) }, ...APPOINTMENT_DURATIONS];
      return (
        <NativeSelect
          size="md"
          label={label}
          description="How long this person's appointments are booked for."
          data={[...options]}
          {...form.getInputProps(field)}
        />
      );
    }
    case 'date_of_birth':
      return <TextInput label={label} type="date" max={todayIso()} autoComplete="off" {...form.getInputProps(field)} />;
    case 'phone_number':
    case 'alternate_phone':
    case 'emergency_contact_number':
      return (
        <TextInput
          label={label}
          type="tel"
          inputMode="tel"
          autoComplete={autoComplete}
          description={PHONE_HINT}
          {...form.getInputProps(field)}
        />
      );
    case 'alternate_email':
      return (
        <TextInput
          label={label}
          type="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          autoComplete={autoComplete}
          {...form.getInputProps(field)}
        />
      );
    case 'profile_picture':
      return (
        <TextInput
          label={label}
          type="url"
          inputMode="url"
          autoComplete="off"
          description="A https:// address of the photo."
          {...form.getInputProps(field)}
        />
      );
    case 'abha_number':
      return (
        <TextInput
          label={label}
          inputMode="numeric"
          autoComplete="off"
          description="14 digits."
          {...form.getInputProps(field)}
        />
      );
    case 'aadhar_number':
      return (
        <TextInput
          label={label}
          inputMode="numeric"
          autoComplete="off"
          description="12 digits."
          {...form.getInputProps(field)}
        />
      );
    case 'health_goals':
    case 'client_story': {
      const max = PROFILE_LIMITS[field];
      return (
        <Wide>
          <Textarea
            size="md"
            label={label}
            autosize
            minRows={3}
            maxRows={12}
            description={counter(form.values[field].length, max)}
            {...form.getInputProps(field)}
          />
        </Wide>
      );
    }
    case 'title':
    case 'first_name':
    case 'last_name':
    case 'address_line_1':
    case 'address_line_2':
    case 'city':
    case 'state':
    case 'zipcode':
    case 'country':
    case 'occupation':
    case 'organization':
    case 'clinic':
    case 'emergency_contact_name':
    case 'emergency_contact_relation':
      return (
        <TextInput
          label={label}
          required={field === 'first_name' || field === 'last_name'}
          autoComplete={autoComplete}
          {...form.getInputProps(field)}
        />
      );
  }
}
