/**
 * The contraindication screen of each therapy, and who may record why a visit
 * goes ahead after a yes.
 */
import type { Role, VisitDraft, VisitTherapy } from '../schema.gen.ts';
import type { ScreenQuestion } from './field-kinds.ts';

/** An override of a positive contraindication says why, in a sentence. */
export const OVERRIDE_REASON_MIN = 10;
/** Who may record an override of a positive contraindication: the clinicians, not the front desk. */
export const OVERRIDE_ROLES: readonly Role[] = ['NURSE', 'DOCTOR', 'SUPER_ADMIN'];

/**
 * The contraindication screen of each therapy: any yes stops the visit unless
 * a nurse or doctor records why it goes ahead.
 */
export const CONTRAINDICATIONS: Readonly<Record<VisitTherapy, readonly ScreenQuestion[]>> = {
  iv: [
    { key: 'pregnant', label: 'Pregnant or breastfeeding' },
    { key: 'allergy', label: 'Allergy to any ingredient of today’s formula' },
    { key: 'fluid_restriction', label: 'Heart failure or kidney disease (on a fluid restriction)' },
    { key: 'g6pd', label: 'G6PD deficiency (high-dose vitamin C)' },
    { key: 'fever', label: 'Fever or an active infection today' },
    { key: 'blood_pressure', label: 'Blood pressure above 180/110 today' },
  ],
  hbot: [
    { key: 'pneumothorax', label: 'Untreated pneumothorax, or one in the past' },
    { key: 'ears_sinuses', label: 'Ear or sinus infection, congestion, or recent ear surgery' },
    { key: 'chemotherapy', label: 'Bleomycin, doxorubicin, cisplatin or disulfiram, now or in the past' },
    { key: 'seizures', label: 'Seizure disorder' },
    { key: 'fever', label: 'Fever today' },
    { key: 'claustrophobia', label: 'Severe claustrophobia' },
    { key: 'pregnant', label: 'Pregnant' },
  ],
  pet: [
    { key: 'pacemaker', label: 'Pacemaker or implanted defibrillator' },
    { key: 'implant', label: 'Other implanted electronic device (cochlear implant, neurostimulator, insulin pump)' },
    { key: 'pregnant', label: 'Pregnant' },
    { key: 'bleeding', label: 'Active bleeding' },
    { key: 'epilepsy', label: 'Epilepsy' },
  ],
  red_light: [
    { key: 'photosensitivity', label: 'Photosensitivity, or a photosensitising medicine' },
    { key: 'cancer_at_site', label: 'Known or suspected cancer at the treatment site' },
    { key: 'light_seizures', label: 'Seizures triggered by light' },
    { key: 'eye_protection', label: 'Cannot wear the eye protection' },
  ],
  fir: [
    { key: 'pregnant', label: 'Pregnant' },
    { key: 'heart', label: 'Unstable heart disease, or a heart attack in the last 6 weeks' },
    { key: 'heat', label: 'Heat intolerance, or heat stroke in the past' },
    { key: 'fever', label: 'Fever or acute illness today' },
    { key: 'alcohol', label: 'Alcohol in the last 12 hours' },
  ],
};

/** The contraindications answered yes. */
export function positiveContraindications(draft: Pick<VisitDraft, 'therapy' | 'contraindications'>): ScreenQuestion[] {
  const answers = draft.contraindications?.answers ?? {};
  return CONTRAINDICATIONS[draft.therapy].filter((question) => answers[question.key] === true);
}

/** A yes on the screen without a recorded reason stops the visit: no therapy is given, nothing is signed. */
export function visitStopped(draft: Pick<VisitDraft, 'therapy' | 'contraindications'>): boolean {
  const reason = draft.contraindications?.override_reason?.trim() ?? '';
  return positiveContraindications(draft).length > 0 && reason.length < OVERRIDE_REASON_MIN;
}
