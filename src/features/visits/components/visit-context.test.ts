import { describe, expect, it } from 'vitest';
import { newVisitDraft, withValueAt, type VisitDraft } from '../model/draft';
import { sameForSection, type ChartState, type VisitEditing } from './visit-context';

const CLIENT = '11111111-1111-4111-8111-111111111111';
const VITALS = ['vitals'];
const NOTES = ['notes'];

const entry = (id: string, systolic: number) => ({
  id,
  phase: 'before' as const,
  taken_at: '2026-12-03T09:00:00Z',
  systolic,
  diastolic: 80,
});

function stateOf(draft: VisitDraft, changes: Partial<VisitEditing> = {}, rest: Partial<ChartState> = {}): ChartState {
  const editing: VisitEditing = {
    draft,
    update: () => undefined,
    commit: () => undefined,
    problems: new Map(),
    warnings: new Map(),
    readOnly: false,
    stopped: false,
    attribution: () => null,
    day: '2026-12-03',
    openedAt: '2026-12-03T08:55:00Z',
    mayOverride: true,
    ...changes,
  };
  return { editing, serverDraft: null, keptTimes: draft.recorded_at, server: null, ...rest };
}

describe('which sections of a chart are drawn again', () => {
  const first = withValueAt(newVisitDraft('iv', CLIENT, null), 'vitals', [entry('A1', 120)]);

  it('an entry added to the vitals: the vitals, not the notes', () => {
    const added = withValueAt(first, 'vitals', [entry('A1', 120), entry('b2', 118)]);
    expect(sameForSection(VITALS, stateOf(first), stateOf(added))).toBe(false);
    expect(sameForSection(NOTES, stateOf(first), stateOf(added))).toBe(true);
  });

  it('a message of the checks, or of a second look, where the section shows it and nowhere else', () => {
    const before = stateOf(first);
    const refused = stateOf(first, { problems: new Map([['vitals.0.diastolic', 'Must be lower than the systolic.']]) });
    const warned = stateOf(first, { warnings: new Map([['notes', 'Check the notes.']]) });
    expect(sameForSection(VITALS, before, refused)).toBe(false);
    expect(sameForSection(NOTES, before, refused)).toBe(true);
    expect(sameForSection(NOTES, before, warned)).toBe(false);
    expect(sameForSection(VITALS, before, warned)).toBe(true);
  });

  it('the time this screen kept an entry or a field: the section that shows it', () => {
    const kept = { at: '2026-12-03T09:01:00Z', device_clock_offset_ms: null };
    const before = stateOf(first, {}, { keptTimes: { 'iv.volume_ml': kept } });
    // Entries are kept by their id, in lower case.
    const entryKept = stateOf(first, {}, { keptTimes: { 'iv.volume_ml': kept, a1: kept } });
    const fieldKeptAgain = stateOf(first, {}, { keptTimes: { 'iv.volume_ml': { ...kept } } });
    expect(sameForSection(VITALS, before, entryKept)).toBe(false);
    expect(sameForSection(NOTES, before, entryKept)).toBe(true);
    expect(sameForSection(['iv.volume_ml'], before, fieldKeptAgain)).toBe(false);
    expect(sameForSection(VITALS, before, fieldKeptAgain)).toBe(true);
  });

  it('what every section reads: all of them', () => {
    const before = stateOf(first);
    for (const changed of [
      stateOf(first, { readOnly: true }),
      stateOf(first, { stopped: true }),
      stateOf(first, { day: '2026-12-04' }),
      stateOf(first, {}, { server: { attributions: {}, people: {} } }),
    ]) {
      expect(sameForSection(NOTES, before, changed)).toBe(false);
      expect(sameForSection(VITALS, before, changed)).toBe(false);
    }
  });

  it('the server’s copy of a section: that section', () => {
    const before = stateOf(first, {}, { serverDraft: first });
    const noted = stateOf(first, {}, { serverDraft: withValueAt(first, 'notes', 'Arrived early') });
    expect(sameForSection(NOTES, before, noted)).toBe(false);
    expect(sameForSection(VITALS, before, noted)).toBe(true);
  });
});
