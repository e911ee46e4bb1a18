/**
 * Group 4, minimum necessary, generated from the field tables: every role that
 * reaches the victim's records but may read only part of them (resource-fields.ts
 * for visits, alerts, results, appointments, threads and enrollments;
 * profile-access.ts for the profile, the user and the user list) reads each,
 * one record and as a list; no answer may hold a field outside the role's
 * read set (reception, health coaches and nutritionists no clinical field of a
 * visit, ADMIN no care notes of an enrollment).
 */
import {
  PROFILE_FIELD_NAMES,
  RESOURCE_FIELDS,
  decide,
  isProfileField,
  listScopeOf,
  profileFieldsShown,
  readableFields,
  type AccessResource,
  type Caller,
  type components,
} from '@contract';
import { ANSWERED, type Account, type ApiAnswer, type ProbeClient, type Verdict } from './client.ts';
import { STAFF_ROLES, type ClientRecords, type Fixtures } from './fixtures.ts';

const STAGE = 'minimum necessary';

type Schemas = components['schemas'];

interface Read {
  path: string;
  /** The victim's records in the answer. */
  records: (body: unknown) => object[];
}

/** Where each resource of the table is read: one record, and a list (of which only the victim's records count). */
function readsOf(resource: AccessResource, victim: ClientRecords): Read[] {
  const id = victim.account.id;
  const one = (body: unknown) => [body as object];
  const every = (body: unknown) => (body as { results?: object[] } | null)?.results ?? [];
  const listed = (body: unknown) =>
    ((body as { results?: Record<string, unknown>[] } | null)?.results ?? []).filter(
      (record) => record.client_id === id || record.user === id,
    );
  switch (resource) {
    case 'visit':
      return [
        { path: `/visits/${victim.signed.iv}`, records: one },
        { path: `/visits?client=${id}`, records: listed },
      ];
    case 'alerts':
      return [{ path: `/clients/${id}/alerts`, records: one }];
    case 'assessment':
      return [{ path: `/assessments?client=${id}`, records: listed }];
    case 'appointment':
      return [
        { path: `/appointments/${victim.appointment}`, records: one },
        { path: `/appointments?client=${id}`, records: listed },
      ];
    case 'support-thread':
      return [
        {
          path: `/support/threads/${victim.thread}`,
          records: (body) => [body as object, (body as Schemas['SupportThread']).thread],
        },
        { path: '/support/threads', records: listed },
      ];
    case 'enrollment':
      return [{ path: `/users/user-program-enrollments?user=${id}`, records: listed }];
    // The victim's booking wrote its confirmation; every message of these lists is about the victim alone.
    case 'message':
      return [
        { path: `/clients/${id}/messages`, records: every },
        { path: `/appointments/${victim.appointment}/messages`, records: every },
      ];
    case 'message-preferences':
      return [{ path: `/clients/${id}/message-preferences`, records: one }];
    // Not swept yet: the sweep gives its client no lab result or advice, and the care inbox's alerts and a clinic's
    // messaging settings are about no client. tests/api/resource-access.test.ts checks these resources field by
    // field, role by role, on records it makes.
    case 'result':
    case 'advice':
    case 'staff-alert':
    case 'clinic-messaging':
      return [];
  }
}

/** 200, some records of the victim, and none of their fields outside `readable`. */
function within(readable: ReadonlySet<string>, records: (body: unknown) => object[]) {
  return (answer: ApiAnswer): Verdict => {
    if (answer.status !== 200) return { expected: '200' };
    const found = records(answer.body);
    if (found.length === 0) return { expected: "200 with the victim's records" };
    const extra = new Set(found.flatMap((record) => Object.keys(record).filter((field) => !readable.has(field))));
    return extra.size === 0
      ? ANSWERED
      : { expected: `no field outside the role's read set (got ${[...extra].join(', ')})` };
  };
}

/** The profile fields of a record: its keys that name one (ids, e-mail, role and version are not). */
function profileFieldsIn(record: object | null | undefined): string[] {
  return Object.keys(record ?? {}).filter(isProfileField);
}

async function probeProfiles(probe: ProbeClient, account: Account, caller: Caller, victim: ClientRecords) {
  const id = victim.account.id;
  const target = { id, role: 'CLIENT' } as const;
  if (!decide(caller, 'profiles.read', target).allowed) return;
  const shown = profileFieldsShown(caller, target);
  // A role that reads the whole profile has nothing withheld.
  if (PROFILE_FIELD_NAMES.every((field) => shown.has(field))) return;
  const onlyShown = (fields: string[]): Verdict => {
    const extra = fields.filter((field) => !shown.has(field as never));
    return extra.length === 0
      ? ANSWERED
      : { expected: `no profile field outside the role's read set (got ${extra.join(', ')})` };
  };
  await probe.probe(STAGE, account, { method: 'GET', path: `/users/user-profiles/${id}` }, (answer) =>
    answer.status === 200 ? onlyShown(profileFieldsIn(answer.body as object)) : { expected: '200' },
  );
  if (decide(caller, 'users.read', target).allowed) {
    await probe.probe(STAGE, account, { method: 'GET', path: `/users/users/${id}` }, (answer) => {
      if (answer.status !== 200) return { expected: '200' };
      const detail = answer.body as Schemas['UserDetail'];
      const attributes = detail.UserAttributes.map((attribute) => attribute.Name).filter(isProfileField);
      return onlyShown([...profileFieldsIn(detail.Profile), ...attributes]);
    });
  }
  if (listScopeOf(caller, 'users.list').via === 'role') {
    const search = { method: 'POST', path: '/users/users/search', body: { search: victim.account.email } };
    await probe.probe(STAGE, account, search, (answer) => {
      const row = (answer.body as Schemas['UserList'] | null)?.results.find((user) => user.id === id);
      return answer.status === 200 && row ? onlyShown(profileFieldsIn(row)) : { expected: '200 listing the victim' };
    });
  }
}

export async function probeMinimumNecessary(probe: ProbeClient, fixtures: Fixtures): Promise<void> {
  const { victim } = fixtures;
  for (const role of STAFF_ROLES) {
    const account = fixtures.staff[role];
    const caller: Caller = { id: account.id, role };
    for (const resource of Object.keys(RESOURCE_FIELDS) as AccessResource[]) {
      const { readBy, fields } = RESOURCE_FIELDS[resource];
      const readable = readableFields(resource, role);
      const reaches = decide(caller, readBy, { id: victim.account.id, role: 'CLIENT' }).allowed;
      // A role that reads nothing is refused (the privilege group); one that reads everything has nothing withheld.
      if (!reaches || readable.size === Object.keys(fields).length) continue;
      for (const read of readsOf(resource, victim)) {
        await probe.probe(STAGE, account, { method: 'GET', path: read.path }, within(readable, read.records));
      }
    }
    await probeProfiles(probe, account, caller, victim);
  }
}
