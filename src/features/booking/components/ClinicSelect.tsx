import { NativeSelect } from '@mantine/core';
import type { Clinic } from '@/features/clinics';

/** The clinic a booking is made at; choosing another starts the booking over. */
export function ClinicSelect({
  clinics,
  value,
  onChange,
}: {
  clinics: readonly Clinic[];
  value: string;
  onChange: (clinicId: string) => void;
}) {
  return (
    <NativeSelect
      size="md"
      label="Clinic"
      data={clinics.map((item) => ({ value: item.id, label: item.name }))}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
