import { CONTRAINDICATIONS, VITALS_FIELDS, type FieldSpec } from '@contract';
import { therapySpecs, type VisitTherapy } from './draft';

const FRAME_LABELS: Readonly<Record<string, string>> = {
  client_id: 'HIPAA authorization',
  'consent.therapy_consent': 'Consent to the therapy',
  'consent.therapy_consent_date': 'Date of consent',
  'contraindications.override_reason': 'Why the visit goes ahead',
  vitals: 'Vitals',
  reactions: 'Adverse reactions',
  notes: 'Notes',
};

/** A field of a visit as a person reads it, from its path: 'iv.additives.0.lot' is 'Additive 1: Lot'. */
export function fieldNameOf(therapy: VisitTherapy, path: string): string {
  const framed = FRAME_LABELS[path];
  if (framed) return framed;
  const parts = path.split('.');
  if (parts[0] === 'contraindications' && parts[1] === 'answers') {
    return CONTRAINDICATIONS[therapy].find((question) => question.key === parts[2])?.label ?? 'Contraindication screen';
  }
  if (parts[0] === 'vitals' && parts.length >= 3) {
    const measurement = VITALS_FIELDS[parts[2] as keyof typeof VITALS_FIELDS];
    return `Vitals ${Number(parts[1]) + 1}${measurement ? `: ${measurement.label}` : ''}`;
  }
  if (parts[0] === 'reactions') return `Adverse reaction ${Number(parts[1]) + 1}`;
  if (parts[0] === therapy) {
    const spec = new Map(therapySpecs(therapy)).get(parts[1] ?? '');
    if (!spec) return path;
    if (spec.input === 'list' && parts.length >= 3) {
      const item = (spec.fields as Readonly<Record<string, FieldSpec>>)[parts[3] ?? ''];
      return `${spec.itemLabel} ${Number(parts[2]) + 1}${item ? `: ${item.label}` : ''}`;
    }
    return spec.label;
  }
  return path;
}
