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
] as const;

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
