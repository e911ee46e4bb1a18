/**
 * What the contract allows beyond JSON Schema's own words, enforced before any
 * handler: text never holds the NUL character (PostgreSQL cannot store it),
 * and dates and times name a year from 0001 to 9999 (PostgreSQL has no year
 * 0). A request breaking either is a 400 naming the field, never a 500.
 */
import type { RequestHandler } from 'express';
import { badRequest, type FieldError } from '../core/problem.ts';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

function realDate(year: number, month: number, day: number): boolean {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(2000, month, 0)).getUTCDate();
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 ? (leap ? 29 : 28) : days);
}

/** `format: date`: a real calendar date in years 0001 to 9999. */
export function isContractDate(value: string): boolean {
  const match = DATE.exec(value);
  return match !== null && realDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** `format: date-time`: RFC 3339 with an offset, a real date in years 0001 to 9999, a real time. */
export function isContractDateTime(value: string): boolean {
  const match = DATE_TIME.exec(value);
  if (!match) return false;
  const [hours, minutes, seconds] = [Number(match[4]), Number(match[5]), Number(match[6])];
  return realDate(Number(match[1]), Number(match[2]), Number(match[3])) && hours < 24 && minutes < 60 && seconds < 61;
}

/** The validator's formats for dates: stricter than JSON Schema's, as the database needs. */
export const CONTRACT_FORMATS = {
  date: { type: 'string', validate: isContractDate },
  'date-time': { type: 'string', validate: isContractDateTime },
} as const;

/** Every path in `value` holding a string with NUL in it. */
function nulPaths(value: unknown, path: string, found: string[]): void {
  // A file's bytes (a lab's PDF) are not text: NUL is one of its bytes like any other.
  if (Buffer.isBuffer(value)) return;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => nulPaths(item, `${path}.${index}`, found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) found.push(`${path}.(a key)`);
      nulPaths(item, `${path}.${key}`, found);
    }
  }
}

export const refuseNul: RequestHandler = (req, _res, next) => {
  const found: string[] = [];
  nulPaths(req.body, 'body', found);
  nulPaths(req.query, 'query', found);
  if (found.length > 0) {
    const errors: FieldError[] = found.map((field) => ({ field, message: 'must not contain the NUL character' }));
    throw badRequest('Text must not contain the NUL character.', errors);
  }
  next();
};
