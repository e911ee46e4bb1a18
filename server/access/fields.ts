/**
 * How much of a record the caller reads and writes: every answer goes out
 * through the caller's read set, and a body naming a field outside its write
 * set is refused (403 naming each such field). The tables are the contract's
 * (openapi/access/resource-fields.ts and profile-access.ts).
 */
import {
  fieldsNotWritable,
  profileFieldsShown,
  profileWriteRights,
  projectFields,
  projectProfileFields,
  readableFields,
  type AccessResource,
  type Caller,
  type ProfileWriteRights,
  type Target,
} from '@contract';
import { forbidden } from '../core/problem.ts';

/** A record of `resource` as the caller may read it (the contract marks every field left out optional). */
export function answerFor<T extends object>(caller: Caller, resource: AccessResource, record: T): T {
  return projectFields(resource, caller.role, record);
}

/** Whether the caller reads every one of `fields` of `resource`: a fast path may then skip the projection. */
export function readsAll(caller: Caller, resource: AccessResource, fields: readonly string[]): boolean {
  const readable = readableFields(resource, caller.role);
  return fields.every((field) => readable.has(field));
}

/** The fields of a body the caller may not write, for a service that words the refusal its own way. */
export function fieldsRefused(caller: Caller, resource: AccessResource, body: object): string[] {
  return fieldsNotWritable(resource, caller.role, body);
}

/**
 * Refuses a request body (or query) naming a field of `resource` the caller
 * may not write, each such field named (`at` is where the fields are: body,
 * query). Mass assignment is refused, never silently dropped.
 */
export function requireWritable(caller: Caller, resource: AccessResource, fields: object, at = 'body'): void {
  const refused = fieldsRefused(caller, resource, fields);
  if (refused.length === 0) return;
  const message = 'Your role may not write this field.';
  throw forbidden(
    `Your role may not write ${refused.join(', ')}.`,
    refused.map((field) => ({ field: `${at}.${field}`, message })),
  );
}

/**
 * Refuses a query filtering on a field of `resource` the caller may not read:
 * which records match would tell what the field holds (e.g. which results
 * raise an alert). `filters` maps each field to the query parameter naming it.
 */
export function requireReadableFilters(
  caller: Caller,
  resource: AccessResource,
  filters: Readonly<Record<string, string>>,
): void {
  const readable = readableFields(resource, caller.role);
  const refused = Object.entries(filters).filter(([field]) => !readable.has(field));
  if (refused.length === 0) return;
  const message = 'Your role does not read this field, so it may not filter on it.';
  throw forbidden(
    message,
    refused.map(([, parameter]) => ({ field: `query.${parameter}`, message })),
  );
}

/**
 * A record holding profile fields (a profile, a user list's row, a client
 * found), as the caller may read it of `target`: the names always, the rest
 * by its read set.
 */
export function profileAnswerFor<T extends object>(caller: Caller, target: Target, record: T): T {
  return projectProfileFields(record, profileFieldsShown(caller, target));
}

/** What the caller may change on the profile of `target`: fields, and the roles it may give. */
export function profileWriteRightsFor(caller: Caller, target: Target): ProfileWriteRights {
  return profileWriteRights(caller, target);
}
