import { describe, expect, it } from 'vitest';
import { ageOn, clientMatches, nameStartsWith, parseClientQuery } from './client-search.ts';

const PRIYA = {
  first_name: 'Priya',
  last_name: 'Sharma',
  email: 'priya.sharma@thrive.test',
  phone_number: '+919845012345',
};

describe('parseClientQuery', () => {
  it('lower-cases and splits words, and keeps the digits of a phone-like text', () => {
    expect(parseClientQuery('  Priya  SHA ')).toEqual({ words: ['priya', 'sha'], digits: null, text: 'priya sha' });
    expect(parseClientQuery('(984) 501-2345')).toEqual({
      words: ['(984)', '501-2345'],
      digits: '9845012345',
      text: '(984) 501-2345',
    });
    expect(parseClientQuery('+91 98450').digits).toBe('9198450');
    expect(parseClientQuery('client-0001').digits).toBeNull();
  });
});

describe('clientMatches', () => {
  it('finds a client by a fragment of the name, the e-mail or the phone number', () => {
    for (const text of ['pri', 'sharma priya', 'SHAR', 'priya.sharma@', 'thrive.test', '98450']) {
      expect(clientMatches(parseClientQuery(text), PRIYA), text).toBe(true);
    }
  });

  it('ignores the punctuation of a phone number', () => {
    for (const text of ['(984) 501-2345', '98450 12345', '501.23', '+91-98450']) {
      expect(clientMatches(parseClientQuery(text), PRIYA), text).toBe(true);
    }
  });

  it('needs every word to match, and finds nothing for an empty text', () => {
    expect(clientMatches(parseClientQuery('priya okafor'), PRIYA)).toBe(false);
    expect(clientMatches(parseClientQuery('501-9999'), PRIYA)).toBe(false);
    expect(clientMatches(parseClientQuery('   '), PRIYA)).toBe(false);
  });
});

describe('nameStartsWith', () => {
  it('is true for the start of a first, last or full name', () => {
    expect(nameStartsWith(parseClientQuery('shar'), PRIYA)).toBe(true);
    expect(nameStartsWith(parseClientQuery('priya s'), PRIYA)).toBe(true);
    expect(nameStartsWith(parseClientQuery('arma'), PRIYA)).toBe(false);
  });
});

describe('ageOn', () => {
  it('counts whole years of 365.25 days, and is null when unknown', () => {
    expect(ageOn('1986-04-12', new Date('2026-04-12T12:00:00Z'))).toBe(40);
    expect(ageOn('1986-04-12', new Date('2026-04-10T12:00:00Z'))).toBe(39);
    expect(ageOn(null, new Date())).toBeNull();
    expect(ageOn('2030-01-01', new Date('2026-01-01'))).toBeNull();
  });
});
