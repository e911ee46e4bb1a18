/**
 * What the risk calculator takes from the record beyond sex and age, and
 * where from: total and HDL cholesterol from the latest released lipid
 * result, the systolic pressure from the last signed visit's vitals, smoking
 * and diabetes from the lifestyle history.
 */
import type { CardiovascularRiskInput, components } from '@contract';
import type { LatestLipids } from '@/features/results';
import { formatDate, type ClinicClock } from '@/lib/intl';

type Visit = components['schemas']['Visit'];
type LifestyleHistory = components['schemas']['LifestyleHistory'];

/** The lifestyle history as the profile holds it, and when the profile last changed. */
export interface LifestyleAnswers {
  history: Pick<LifestyleHistory, 'tobacco' | 'diabetes'>;
  updatedAt: string | null;
}

const THERAPY_NAMES: Readonly<Record<Visit['therapy'], string>> = {
  iv: 'IV therapy',
  hbot: 'HBOT',
  pet: 'PEMF',
  red_light: 'red light',
  fir: 'infrared sauna',
};

export interface RiskPrefill {
  initial: Partial<CardiovascularRiskInput>;
  /** Where each prefilled value came from, and when, in words. */
  sources: string[];
}

/** The last systolic reading of a visit, with when it was taken. */
function lastSystolic(visit: Visit): { value: number; at: string } | null {
  const readings = (visit.vitals ?? [])
    .filter((entry) => typeof entry.systolic === 'number')
    .sort((a, b) => Date.parse(b.taken_at) - Date.parse(a.taken_at));
  const latest = readings[0];
  return latest ? { value: latest.systolic!, at: latest.taken_at } : null;
}

export function riskPrefill(
  lipids: LatestLipids | null,
  visit: Visit | null,
  lifestyle: LifestyleAnswers | null,
  clock: ClinicClock,
): RiskPrefill {
  const initial: Partial<CardiovascularRiskInput> = {};
  const sources: string[] = [];
  if (lipids) {
    initial.total_cholesterol = lipids.total;
    initial.hdl_cholesterol = lipids.hdl;
    sources.push(
      `Total and HDL cholesterol from the ${lipids.testName} taken ${formatDate(lipids.collectedAt, clock)} (released ${formatDate(lipids.releasedAt, clock)}).`,
    );
  }
  const pressure = visit?.state === 'signed' ? lastSystolic(visit) : null;
  if (visit && pressure) {
    initial.systolic_bp = pressure.value;
    sources.push(
      `Systolic blood pressure from the ${THERAPY_NAMES[visit.therapy]} visit on ${formatDate(pressure.at, clock)}.`,
    );
  }
  const answered: string[] = [];
  // "Used to" smoke is not smoking now; an unanswered question is left for staff to ask.
  const tobacco = lifestyle?.history.tobacco;
  if (tobacco) {
    initial.smoker = tobacco === 'current';
    answered.push('Smoking');
  }
  const diabetes = lifestyle?.history.diabetes;
  if (diabetes) {
    initial.diabetic = diabetes !== 'no';
    answered.push(answered.length > 0 ? 'diabetes' : 'Diabetes');
  }
  if (lifestyle && answered.length > 0) {
    sources.push(
      `${answered.join(' and ')} from the lifestyle history${lifestyle.updatedAt ? ` (profile last changed ${formatDate(lifestyle.updatedAt, clock)})` : ''}.`,
    );
  }
  return { initial, sources };
}
