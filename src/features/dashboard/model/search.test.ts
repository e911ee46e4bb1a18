import { describe, expect, it } from 'vitest';
import { filtersOf, parseDashboardSearch } from './search';

const ID = '9961680d-eee8-4518-b9a6-e548439ec94f';

describe('the dashboard’s URL', () => {
  it('keeps a program, a status and a clinic, and leaves the default status out', () => {
    expect(parseDashboardSearch({ program: ID, status: 'paused', clinic: ID })).toEqual({
      program: ID,
      status: 'paused',
      clinic: ID,
    });
    expect(parseDashboardSearch({ status: 'active' })).toEqual({});
    expect(parseDashboardSearch({ status: 'any' })).toEqual({ status: 'any' });
  });

  it('drops what it does not understand', () => {
    expect(parseDashboardSearch({ program: 'metabolic', status: 'lost', clinic: 3 })).toEqual({});
  });

  it('asks the API for active enrollments unless told otherwise, and for every status on any', () => {
    expect(filtersOf({})).toEqual({ status: 'active' });
    expect(filtersOf({ status: 'any', clinic: ID })).toEqual({ clinic: ID });
    expect(filtersOf({ status: 'completed' })).toEqual({ status: 'completed' });
  });
});
