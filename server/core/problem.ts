/**
 * Every error the API answers is an RFC 9457 problem (`application/problem+json`),
 * with `errors: [{ field, message }]` when particular fields are at fault.
 * Handlers throw HttpProblem; the transport's error handler (http/errors.ts) writes it.
 */
import { STATUS_CODES } from 'node:http';
import type { components } from '@contract';

export type Problem = components['schemas']['Problem'];
export type FieldError = NonNullable<Problem['errors']>[number];

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors?: readonly FieldError[],
    /** Extra response headers, e.g. the current ETag with a 412. */
    readonly headers: Readonly<Record<string, string>> = {},
    /** Members the contract adds to this kind of problem, e.g. `current_version` with a 412. */
    readonly extensions: Readonly<Partial<Problem>> = {},
  ) {
    super(detail);
    this.name = 'HttpProblem';
  }

  toJSON(): Problem {
    return {
      type: this.extensions.type ?? 'about:blank',
      title: STATUS_CODES[this.status] ?? 'Error',
      status: this.status,
      detail: this.detail,
      ...(this.errors && this.errors.length > 0 ? { errors: [...this.errors] } : {}),
      ...this.extensions,
    };
  }
}

export const badRequest = (detail: string, errors?: readonly FieldError[]) => new HttpProblem(400, detail, errors);
export const unauthorized = (detail: string) =>
  new HttpProblem(401, detail, undefined, { 'WWW-Authenticate': 'Bearer realm="thrive"' });
export const forbidden = (detail: string, errors?: readonly FieldError[]) => new HttpProblem(403, detail, errors);
export const notFound = (detail: string) => new HttpProblem(404, detail);
export const conflict = (detail: string, errors?: readonly FieldError[]) => new HttpProblem(409, detail, errors);
