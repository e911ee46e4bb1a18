/**
 * Conditional requests (RFC 9110 section 13): every update of an editable
 * record names the version it was made from in `If-Match`, so that of two
 * edits of one version only the first is applied and the other is told.
 */
import { HttpProblem } from './problem.ts';

/**
 * The versions an If-Match header names; null without the header. Weak tags
 * never match, as RFC 9110 says. `*` ("whatever it is now") is refused with
 * 428: every record here has a version, and a change names the one it was
 * made from, so that no device overwrites a change it never saw.
 */
export function parseIfMatch(header: string | undefined): number[] | null {
  if (header === undefined) return null;
  if (header.trim() === '*') {
    throw new HttpProblem(428, 'Say which version you changed: send the ETag you read, not *.', [
      { field: 'header.if-match', message: 'must name a version (the ETag you read), not *' },
    ]);
  }
  return header
    .split(',')
    .map((tag) => /^"(\d{1,9})"$/.exec(tag.trim())?.[1])
    .filter((version): version is string => version !== undefined)
    .map(Number);
}

/** The versions an update may be applied to: without If-Match it is refused with 428. */
export function requireIfMatch(header: string | undefined): number[] {
  const versions = parseIfMatch(header);
  if (versions === null) {
    throw new HttpProblem(428, 'Say which version you changed: send the If-Match header with the ETag you read.', [
      { field: 'header.if-match', message: 'is required' },
    ]);
  }
  return versions;
}

/** The strong ETag of a record version. */
export function etagOfVersion(version: number): string {
  return `"${version}"`;
}

/**
 * The answer to an update made from a version that is no longer the record's:
 * 412 with the current ETag and the record as it is now (the caller may read
 * it: it was allowed to change it), so a device can tell a real conflict from
 * a change of other fields.
 */
export function staleVersion(what: string, current: { version: number } & object): HttpProblem {
  return new HttpProblem(
    412,
    `The ${what} has changed since the version you edited; it is at version ${current.version} now.`,
    undefined,
    { ETag: etagOfVersion(current.version) },
    { current_version: current.version, current },
  );
}
