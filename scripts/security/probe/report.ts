/**
 * What the probe saw: per group, how many requests it sent, how many were
 * refused or answered as a secure server answers, and every other answer, with
 * each 5xx counted wherever it came (setup and clean-up too). A probe passes
 * only on the answer it names; anything else is listed.
 */

/** The groups of the sweep, in the order they are printed. */
export const GROUPS = [
  'identity',
  'cross-user',
  'privilege',
  'minimum necessary',
  'sessions',
  'anonymous flood',
  'concurrency',
  'preconditions and input',
] as const;

export type Group = (typeof GROUPS)[number];

/** The probe's own requests that set up and clean up its records: not probes, but their answers count too. */
export type Stage = Group | 'setup';

export interface Unexpected {
  stage: Stage;
  method: string;
  path: string;
  who: string;
  status: number;
  /** What a secure server answers instead. */
  expected: string;
}

interface Tally {
  requests: number;
  refused: number;
  answered: number;
  unexpected: number;
  serverErrors: number;
}

export interface ProbeReport {
  tallies: ReadonlyMap<Stage, Readonly<Tally>>;
  unexpected: readonly Unexpected[];
  /** What a group could not check, and why. */
  notes: readonly string[];
  /** Whether every probe got the answer a secure server gives, and no answer anywhere was a 5xx. */
  passed: boolean;
}

export class Recorder {
  private readonly tallies = new Map<Stage, Tally>();
  private readonly unexpectedAnswers: Unexpected[] = [];
  private readonly notes: string[] = [];

  private tally(stage: Stage): Tally {
    let tally = this.tallies.get(stage);
    if (!tally) {
      tally = { requests: 0, refused: 0, answered: 0, unexpected: 0, serverErrors: 0 };
      this.tallies.set(stage, tally);
    }
    return tally;
  }

  /** One request sent and its status, whatever it is for. */
  sent(stage: Stage, status: number): void {
    const tally = this.tally(stage);
    tally.requests += 1;
    if (status >= 500) tally.serverErrors += 1;
  }

  /** A probe that was refused, as it must be. */
  refused(stage: Stage): void {
    this.tally(stage).refused += 1;
  }

  /** A probe answered as a secure server answers it (a record without the fields the role may not read, one 201). */
  answered(stage: Stage): void {
    this.tally(stage).answered += 1;
  }

  unexpected(answer: Unexpected): void {
    this.tally(answer.stage).unexpected += 1;
    this.unexpectedAnswers.push(answer);
  }

  note(text: string): void {
    if (!this.notes.includes(text)) this.notes.push(text);
  }

  report(): ProbeReport {
    const tallies = new Map([...this.tallies].map(([stage, tally]) => [stage, { ...tally }]));
    const serverErrors = [...tallies.values()].reduce((sum, tally) => sum + tally.serverErrors, 0);
    return {
      tallies,
      unexpected: [...this.unexpectedAnswers],
      notes: [...this.notes],
      passed: this.unexpectedAnswers.length === 0 && serverErrors === 0,
    };
  }
}

const COLUMNS = ['requests', 'refused as expected', 'answered as expected', 'unexpected', '5xx'] as const;

function row(name: string, cells: readonly (string | number)[]): string {
  return [name.padEnd(26), ...cells.map((cell, i) => String(cell).padStart(COLUMNS[i]!.length + 2))].join('');
}

function cellsOf(tally: Tally): number[] {
  return [tally.requests, tally.refused, tally.answered, tally.unexpected, tally.serverErrors];
}

/** The report as the probe prints it: one line per group, the setup, a total, then every unexpected answer. */
export function formatReport(report: ProbeReport): string {
  const lines = [row('group', COLUMNS)];
  const total: Tally = { requests: 0, refused: 0, answered: 0, unexpected: 0, serverErrors: 0 };
  for (const stage of [...GROUPS, 'setup'] as const) {
    const tally = report.tallies.get(stage);
    if (!tally) continue;
    lines.push(row(stage === 'setup' ? 'setup and clean-up' : stage, cellsOf(tally)));
    for (const key of Object.keys(total) as (keyof Tally)[]) total[key] += tally[key];
  }
  lines.push(row('total', cellsOf(total)));
  if (report.unexpected.length > 0) {
    lines.push('', `Unexpected answers (${report.unexpected.length}):`);
    for (const answer of report.unexpected) {
      lines.push(
        `  [${answer.stage}] ${answer.method} ${answer.path} as ${answer.who}: ${answer.status || 'no answer'}, ` +
          `expected ${answer.expected}`,
      );
    }
  }
  if (report.notes.length > 0) lines.push('', ...report.notes.map((note) => `Note: ${note}`));
  lines.push('', report.passed ? 'Every probe got the answer a secure server gives.' : 'FAILED: see above.');
  return lines.join('\n');
}
