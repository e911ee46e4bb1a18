/**
 * Lab results and advice in the minimum-necessary table (resource-fields.ts):
 * which fields of each a role reads and writes. Whose results a role reaches,
 * and whether only released ones, is ACCESS_RULES (rules.ts).
 */
import type { components } from '../schema.gen.ts';
import type { PartAccess, ResourceFields } from './resource-fields.ts';

type Schemas = components['schemas'];

const NOTHING = { read: [], write: [] } as const;

type ResultPart = 'record' | 'values';

/**
 * A client's lab result (openapi/results/). `record`: that it exists, for
 * which test and booking, when the sample was taken and received, whether it
 * is released, and the partner tests still waiting for theirs; `values`: the
 * observations with their flags, whether one is critical, the lab, who
 * entered and released it, the doctor's note, and the lab's original report
 * (PDF): whoever reads a result's values may download it (GET
 * /results/{id}/report), whoever enters results may attach it (the
 * `results.write` grant). Reception reads the record (it
 * books and answers the phone around a test); the care team and the client
 * read the values (of released results only, but nurses and doctors:
 * rules.ts); nurses and doctors enter results, doctors release them (the
 * grants say which).
 */
const RESULT_FIELDS = {
  id: 'record',
  client_id: 'record',
  client_name: 'record',
  appointment_id: 'record',
  test_name: 'record',
  collected_at: 'record',
  received_at: 'record',
  released: 'record',
  released_at: 'record',
  version: 'record',
  panels: 'record',
  starts_at: 'record',
  time_zone: 'record',
  source: 'values',
  lab: 'values',
  reported_at: 'values',
  critical: 'values',
  observations: 'values',
  created_by_name: 'values',
  released_by_name: 'values',
  release_note: 'values',
  report: 'values',
  note: 'values',
} as const satisfies Record<
  | keyof Schemas['Result']
  | keyof Schemas['PendingResult']
  | keyof Schemas['ResultCreate']
  | keyof Schemas['ResultRelease'],
  ResultPart
>;

const READS_VALUES: PartAccess<ResultPart> = { read: ['record', 'values'], write: [] };
const ENTERS_RESULTS: PartAccess<ResultPart> = { read: ['record', 'values'], write: ['record', 'values'] };

type AdvicePart = 'advice' | 'following';

/**
 * Advice the care team leaves a client. `advice`: what to do, why, its
 * steps, when it is reviewed, who wrote it; `following`: the client's
 * acknowledgement and the steps it ticked off. Everyone who reads advice
 * reads all of it; its writers (doctors, coaches, nutritionists) change the
 * advice, the client follows it. Reception and ADMIN read none.
 */
const ADVICE_FIELDS = {
  id: 'advice',
  client_id: 'advice',
  client_name: 'advice',
  author_id: 'advice',
  author_name: 'advice',
  author_role: 'advice',
  category: 'advice',
  title: 'advice',
  why: 'advice',
  steps: 'advice',
  review_on: 'advice',
  created_at: 'advice',
  updated_at: 'advice',
  version: 'advice',
  acknowledged_at: 'following',
  acknowledged: 'following',
  done: 'following',
} as const satisfies Record<
  keyof Schemas['Advice'] | keyof Schemas['AdviceCreate'] | keyof Schemas['AdvicePatch'],
  AdvicePart
>;

const READS_ADVICE: PartAccess<AdvicePart> = { read: ['advice', 'following'], write: [] };
const ADVISES: PartAccess<AdvicePart> = { read: ['advice', 'following'], write: ['advice'] };

export const RESULT_RESOURCE = {
  readBy: 'results.read',
  answers: ['Result', 'PendingResult'],
  bodies: ['ResultCreate', 'ResultRelease'],
  fields: RESULT_FIELDS,
  roles: {
    CLIENT: READS_VALUES,
    NURSE: ENTERS_RESULTS,
    DOCTOR: ENTERS_RESULTS,
    RECEPTION: { read: ['record'], write: [] },
    HEALTH_COACH: READS_VALUES,
    NUTRITIONIST: READS_VALUES,
    ADMIN: NOTHING,
    SUPER_ADMIN: ENTERS_RESULTS,
    NO_ROLE: NOTHING,
  },
} as const satisfies ResourceFields<ResultPart>;

export const ADVICE_RESOURCE = {
  readBy: 'advices.read',
  answers: ['Advice'],
  bodies: ['AdviceCreate', 'AdvicePatch'],
  fields: ADVICE_FIELDS,
  roles: {
    CLIENT: { read: ['advice', 'following'], write: ['following'] },
    NURSE: READS_ADVICE,
    DOCTOR: ADVISES,
    RECEPTION: NOTHING,
    HEALTH_COACH: ADVISES,
    NUTRITIONIST: ADVISES,
    ADMIN: NOTHING,
    SUPER_ADMIN: ADVISES,
    NO_ROLE: NOTHING,
  },
} as const satisfies ResourceFields<AdvicePart>;
