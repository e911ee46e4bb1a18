import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ROLES } from './roles.ts';
import { decide, type RoleOrNone } from './rules.ts';
import {
  ACCESS_RESOURCES,
  RESOURCE_FIELDS,
  fieldsNotWritable,
  mayReadField,
  mayWriteField,
  projectFields,
  readableFields,
  writableFields,
} from './resource-fields.ts';

interface SchemaObject {
  required?: string[];
  properties?: Record<string, unknown>;
}

const SCHEMAS = (
  parse(readFileSync(path.resolve(import.meta.dirname, '../clinic.yaml'), 'utf8')) as {
    components: { schemas: Record<string, SchemaObject> };
  }
).components.schemas;

const EVERY_ROLE: readonly RoleOrNone[] = [...ROLES, 'NO_ROLE'];

/** Whether `role` has a grant reading some client's records of the resource. */
function reads(role: RoleOrNone, resource: (typeof ACCESS_RESOURCES)[number]): boolean {
  const operation = RESOURCE_FIELDS[resource].readBy;
  const me = '11111111-1111-4111-8111-111111111111';
  return (
    decide({ id: me, role }, operation, { id: null, role: 'CLIENT' }).allowed ||
    decide({ id: me, role }, operation, { id: me, role }).allowed
  );
}

describe.each(ACCESS_RESOURCES)('the %s fields', (resource) => {
  const table = RESOURCE_FIELDS[resource];

  it('name every field of the contract’s answers and bodies, and no other', () => {
    const contract = new Set(
      [...table.answers, ...table.bodies].flatMap((schema) => Object.keys(SCHEMAS[schema]?.properties ?? {})),
    );
    expect(Object.keys(table.fields).sort()).toEqual([...contract].sort());
  });

  it.each(EVERY_ROLE)('give %s some part to read exactly when it may read the records at all', (role) => {
    expect(readableFields(resource, role).size > 0).toBe(reads(role, resource));
  });

  it.each(EVERY_ROLE)('let %s write only what it reads', (role) => {
    const read = readableFields(resource, role);
    expect([...writableFields(resource, role)].filter((field) => !read.has(field))).toEqual([]);
  });

  it('leave optional in the contract every field that a reader may go without', () => {
    const withheld = new Set(
      EVERY_ROLE.filter((role) => reads(role, resource)).flatMap((role) =>
        Object.keys(table.fields).filter((field) => !readableFields(resource, role).has(field)),
      ),
    );
    for (const schema of table.answers) {
      const required = SCHEMAS[schema]?.required ?? [];
      expect(
        required.filter((field) => withheld.has(field)),
        `${schema} requires a field some reader does not read`,
      ).toEqual([]);
    }
  });
});

const CLINICAL_VISIT_FIELDS = [
  'consent',
  'contraindications',
  'vitals',
  'reactions',
  'notes',
  'iv',
  'hbot',
  'pet',
  'red_light',
  'fir',
  'derived',
  'attributions',
  'addenda',
  'recorded_at',
  'signature',
] as const;

/** What the sign-off and an addendum write besides the record: the electronic signature and its reasons. */
const SIGNING_FIELDS = ['meaning', 'reauthenticated_with', 'acknowledged_warnings', 'device_clock_offset_ms'] as const;

describe('minimum necessary, as PRODUCT.md section 3 has it', () => {
  it('shows reception, coaches and nutritionists a visit’s existence, therapy, times and state, nothing clinical', () => {
    for (const role of ['RECEPTION', 'HEALTH_COACH', 'NUTRITIONIST'] as const) {
      for (const field of ['id', 'therapy', 'state', 'created_at', 'updated_at', 'signed_at'] as const) {
        expect(mayReadField(role, 'visit', field), `${role} ${field}`).toBe(true);
      }
      for (const field of CLINICAL_VISIT_FIELDS)
        expect(mayReadField(role, 'visit', field), `${role} ${field}`).toBe(false);
      expect(writableFields('visit', role).size, role).toBe(0);
    }
  });

  it('lets nurses, doctors and super admins read and chart the whole visit; admins nothing', () => {
    for (const role of ['NURSE', 'DOCTOR', 'SUPER_ADMIN'] as const) {
      for (const field of CLINICAL_VISIT_FIELDS)
        expect(mayReadField(role, 'visit', field), `${role} ${field}`).toBe(true);
    }
    expect(readableFields('visit', 'ADMIN').size).toBe(0);
  });

  it('lets only the roles that chart sign: the meaning, the re-authentication and the warnings’ reasons', () => {
    for (const role of EVERY_ROLE) {
      const charts = role === 'NURSE' || role === 'DOCTOR' || role === 'SUPER_ADMIN';
      for (const field of SIGNING_FIELDS) expect(mayWriteField(role, 'visit', field), `${role} ${field}`).toBe(charts);
      expect(mayWriteField(role, 'visit', 'text'), role).toBe(charts);
    }
    // The visit's beginning and booked length are the record's: reception books around them.
    expect(mayReadField('RECEPTION', 'visit', 'opened_at')).toBe(true);
    expect(mayReadField('RECEPTION', 'visit', 'planned_minutes')).toBe(true);
  });

  it('gives a very low Thrive check’s alert to the care team, who follow it up, and not to reception', () => {
    for (const role of EVERY_ROLE) {
      const careTeam = ['NURSE', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST', 'SUPER_ADMIN'].includes(role);
      expect(mayReadField(role, 'alerts', 'wellbeing'), role).toBe(careTeam);
      expect(mayReadField(role, 'assessment', 'contacts'), role).toBe(careTeam);
      for (const field of ['contacted_at', 'method', 'outcome', 'note'] as const) {
        expect(mayWriteField(role, 'assessment', field), `${role} ${field}`).toBe(careTeam);
      }
      expect(decide({ id: 'me', role }, 'assessments.contact', { id: null, role: 'CLIENT' }).allowed, role).toBe(
        careTeam,
      );
    }
  });

  it('keeps the clinical alerts for nurses, doctors and super admins', () => {
    for (const role of EVERY_ROLE) {
      const clinical = role === 'NURSE' || role === 'DOCTOR' || role === 'SUPER_ADMIN';
      expect(mayReadField(role, 'alerts', 'contraindications'), role).toBe(clinical);
      expect(mayReadField(role, 'alerts', 'reactions'), role).toBe(clinical);
    }
    expect(mayReadField('RECEPTION', 'alerts', 'hipaa_consent')).toBe(true);
  });

  it('lets the care team read WHO-5 and cognitive results; reception only that a result was taken', () => {
    for (const role of ['NURSE', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST'] as const) {
      expect(mayReadField(role, 'assessment', 'score'), role).toBe(true);
      expect(mayReadField(role, 'assessment', 'cognitive_scores'), role).toBe(true);
    }
    expect(mayReadField('RECEPTION', 'assessment', 'taken_at')).toBe(true);
    for (const field of ['answers', 'score', 'alert', 'cognitive_scores', 'cardiovascular_risk_result'] as const) {
      expect(mayReadField('RECEPTION', 'assessment', field), field).toBe(false);
    }
  });

  it('keeps enrollment notes from ADMIN, who keeps the plan', () => {
    expect(mayReadField('ADMIN', 'enrollment', 'program')).toBe(true);
    expect(mayReadField('ADMIN', 'enrollment', 'notes')).toBe(false);
    expect(fieldsNotWritable('enrollment', 'ADMIN', { program: 'longevity', notes: 'x' })).toEqual(['notes']);
  });

  it('lets a client book and cancel, and leaves who runs an appointment, its length and notes to the clinic', () => {
    expect(fieldsNotWritable('appointment', 'CLIENT', { starts_at: '', status: 'cancelled' })).toEqual([]);
    expect(fieldsNotWritable('appointment', 'CLIENT', { staff_id: null, duration: '', notes: '' })).toEqual([
      'staff_id',
      'duration',
      'notes',
    ]);
    expect(fieldsNotWritable('appointment', 'RECEPTION', { staff_id: null, notes: '' })).toEqual([]);
  });
});

describe('lab results and advice, as PRODUCT.md section 3 has it', () => {
  const VALUES = ['observations', 'critical', 'lab', 'source', 'release_note', 'created_by_name'] as const;

  it('shows reception that a result exists and whether it is released, none of its values', () => {
    for (const field of ['test_name', 'collected_at', 'released', 'released_at', 'panels'] as const) {
      expect(mayReadField('RECEPTION', 'result', field), field).toBe(true);
    }
    for (const field of VALUES) expect(mayReadField('RECEPTION', 'result', field), field).toBe(false);
  });

  it('reads the values to the care team and the client, and lets nurses, doctors and super admins enter them', () => {
    for (const role of ['CLIENT', 'NURSE', 'DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST', 'SUPER_ADMIN'] as const) {
      for (const field of VALUES) expect(mayReadField(role, 'result', field), `${role} ${field}`).toBe(true);
    }
    expect(EVERY_ROLE.filter((role) => mayWriteField(role, 'result', 'observations'))).toEqual([
      'NURSE',
      'DOCTOR',
      'SUPER_ADMIN',
    ]);
    expect(readableFields('result', 'ADMIN').size).toBe(0);
  });

  it('lets the client follow advice and its writers change it, neither the other’s part', () => {
    expect(fieldsNotWritable('advice', 'CLIENT', { acknowledged: true, done: {} })).toEqual([]);
    expect(fieldsNotWritable('advice', 'CLIENT', { title: 'x', acknowledged: true })).toEqual(['title']);
    for (const role of ['DOCTOR', 'HEALTH_COACH', 'NUTRITIONIST'] as const) {
      expect(fieldsNotWritable('advice', role, { title: 'x', review_on: '', steps: [] }), role).toEqual([]);
      expect(fieldsNotWritable('advice', role, { acknowledged: true, done: {} }), role).toEqual([
        'acknowledged',
        'done',
      ]);
    }
    expect(writableFields('advice', 'NURSE').size).toBe(0);
    expect(readableFields('advice', 'RECEPTION').size).toBe(0);
  });
});

describe('projectFields', () => {
  const visit = { id: 'v', therapy: 'iv', state: 'signed', vitals: [], iv: { volume_ml: 250 }, notes: 'n' };

  it('leaves out every field the role may not read, and keeps the rest', () => {
    expect(projectFields('visit', 'RECEPTION', visit)).toEqual({ id: 'v', therapy: 'iv', state: 'signed' });
  });

  it('answers a record the role reads whole as it is', () => {
    expect(projectFields('visit', 'NURSE', visit)).toBe(visit);
  });

  it('answers a role that reads nothing an empty record', () => {
    expect(projectFields('visit', 'ADMIN', visit)).toEqual({});
  });
});
