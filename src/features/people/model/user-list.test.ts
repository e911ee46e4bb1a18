import { describe, expect, it } from 'vitest';
import { listFiltersOf, pageCount, parseUserListSearch, rangeLabel } from './user-list';

describe('parseUserListSearch (the /users URL)', () => {
  it('keeps a valid role, ordering and page', () => {
    expect(parseUserListSearch({ role: 'NURSE', ordering: '-created_at', page: 3 })).toEqual({
      role: 'NURSE',
      ordering: '-created_at',
      page: 3,
    });
  });

  it('is empty for a plain /users', () => {
    expect(parseUserListSearch({})).toEqual({});
  });

  it('never reads search text from the address: it names people, and addresses are kept', () => {
    expect(parseUserListSearch({ search: 'sharma', role: 'CLIENT' })).toEqual({ role: 'CLIENT' });
    expect(parseUserListSearch({ search: 5555550112 })).toEqual({});
  });

  it('reads a page given as text', () => {
    expect(parseUserListSearch({ page: '4' })).toEqual({ page: 4 });
  });

  it('drops the defaults, so equal lists have equal URLs', () => {
    expect(parseUserListSearch({ ordering: 'name', page: 1 })).toEqual({});
  });

  it('drops what is not valid and keeps the rest, so an old or edited link still opens the list', () => {
    expect(parseUserListSearch({ role: 'WIZARD', ordering: 'shoe_size', page: 0, extra: 'ignored' })).toEqual({});
    expect(parseUserListSearch({ role: 'nurse', page: 2.5 })).toEqual({});
    expect(parseUserListSearch({ page: 100_001 })).toEqual({});
    expect(parseUserListSearch({ role: 'CLIENT', page: '2x' })).toEqual({ role: 'CLIENT' });
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
