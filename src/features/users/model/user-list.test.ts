import { describe, expect, it } from 'vitest';
import { listFiltersOf, pageCount, parseUserListSearch, rangeLabel } from './user-list';

describe('parseUserListSearch (the /users URL)', () => {
  it('keeps a valid search, role, ordering and page', () => {
    expect(parseUserListSearch({ search: 'priya', role: 'NURSE', ordering: '-created_at', page: 3 })).toEqual({
      search: 'priya',
      role: 'NURSE',
      ordering: '-created_at',
      page: 3,
    });
  });

  it('is empty for a plain /users', () => {
    expect(parseUserListSearch({})).toEqual({});
  });

  it('trims the search text, drops an empty one and cuts it to the contract’s 100 characters', () => {
    expect(parseUserListSearch({ search: '  sharma ' })).toEqual({ search: 'sharma' });
    expect(parseUserListSearch({ search: '   ' })).toEqual({});
    expect(parseUserListSearch({ search: 'x'.repeat(150) }).search).toHaveLength(100);
  });

  it('reads a phone number the router parsed as a number as text', () => {
    expect(parseUserListSearch({ search: 5555550112 })).toEqual({ search: '5555550112' });
  });

  it('reads a page given as text', () => {
    expect(parseUserListSearch({ page: '4' })).toEqual({ page: 4 });
  });

  it('drops the defaults, so equal lists have equal URLs', () => {
    expect(parseUserListSearch({ ordering: 'name', page: 1 })).toEqual({});
  });

  it('drops what is not valid and keeps the rest, so an old or edited link still opens the list', () => {
    expect(
      parseUserListSearch({ search: 'ok', role: 'WIZARD', ordering: 'shoe_size', page: 0, extra: 'ignored' }),
    ).toEqual({ search: 'ok' });
    expect(parseUserListSearch({ role: 'nurse', page: 2.5 })).toEqual({});
    expect(parseUserListSearch({ page: 100_001 })).toEqual({});
    expect(parseUserListSearch({ search: { nested: true }, page: '2x' })).toEqual({});
  });
});

describe('listFiltersOf', () => {
  it('asks the API for what the URL holds, and nothing for the defaults', () => {
    expect(listFiltersOf({})).toEqual({});
    expect(listFiltersOf({ search: 'priya', role: 'CLIENT', ordering: 'email', page: 2 })).toEqual({
      search: 'priya',
      role: 'CLIENT',
      ordering: 'email',
      page: 2,
    });
  });
});

describe('rangeLabel', () => {
  it('says which users a page shows, out of how many', () => {
    expect(rangeLabel(1, 50, 50, 10_000)).toBe('1–50 of 10,000');
    expect(rangeLabel(3, 50, 16, 116)).toBe('101–116 of 116');
    expect(rangeLabel(1, 50, 0, 0)).toBe('0 of 0');
  });

  it('counts at least one page', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(101, 50)).toBe(3);
  });
});
