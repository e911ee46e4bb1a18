import { Badge, Group, Table, Text } from '@mantine/core';
import { WHO5_ATTRIBUTION, who5Change, who5Meaning, type Who5Band } from '@contract';
import type { ShownAssessment } from '../api/changes';
import { formatDate, useClock } from '@/lib/intl';
import { ResultCard } from './ResultCard';
import { Who5TrendChart } from './Who5TrendChart';

const BAND_LABELS: Readonly<Record<Who5Band, string>> = {
  'very-low': 'Very low',
  low: 'Low',
  good: 'Good',
};

/** Tints with dark words: the band reads from the word, never from the colour alone. */
const BAND_COLORS: Readonly<Record<Who5Band, string>> = { 'very-low': 'red', low: 'yellow', good: 'teal' };

/** The change from the previous check, in words; a change of 10 points or more is called out. */
function ChangeLine({ result, previous }: { result: ShownAssessment; previous: ShownAssessment | undefined }) {
  const clock = useClock();
  if (!previous || previous.score == null || result.score == null) {
    return (
      <Text size="sm">This is your first Thrive check. Take it again in four weeks to see how things change.</Text>
    );
  }
  const change = who5Change(previous.score, result.score);
  const since = `since your check of ${formatDate(previous.taken_at, clock)} (${previous.score})`;
  if (change.points === 0) return <Text size="sm">The same as {since.replace('since ', '')}.</Text>;
  const direction = change.points > 0 ? 'Up' : 'Down';
  const text = `${direction} ${Math.abs(change.points)} points ${since}.`;
  return change.meaningful ? (
    <Text size="sm" fw={700} role="note">
      {text} A change of 10 points or more is a real change{change.points > 0 ? ': well done.' : '.'}
    </Text>
  ) : (
    <Text size="sm">{text}</Text>
  );
}

/** One Thrive check's score, what it means in plain words, and how it moved. */
export function Who5ScoreCard({
  result,
  previous,
  heading = 'Your latest Thrive check',
}: {
  result: ShownAssessment;
  previous: ShownAssessment | undefined;
  heading?: string;
}) {
  const clock = useClock();
  const score = result.score ?? 0;
  const meaning = who5Meaning(score);
  return (
    <ResultCard heading={heading} headingSize="h3" unsent={result.unsent}>
      <Group gap="md" align="center" wrap="wrap">
        <Text fz={44} fw={800} lh={1} aria-label={`Score ${score} out of 100`}>
          {score}
          <Text span fz="lg" fw={600} c="dimmed">
            {' '}
            / 100
          </Text>
        </Text>
        <Badge
          size="lg"
          variant="light"
          color={BAND_COLORS[meaning.band]}
          style={{ '--badge-color': 'var(--mantine-color-dark-7)' }}
        >
          {BAND_LABELS[meaning.band]} wellbeing
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        Taken on {formatDate(result.taken_at, clock)}
      </Text>
      <Text>{meaning.summary}</Text>
      <ChangeLine result={result} previous={previous} />
    </ResultCard>
  );
}

/** Every Thrive check over time: the chart, and the same as a table (which prints, and reads aloud). */
export function Who5History({ results }: { results: readonly ShownAssessment[] }) {
  const clock = useClock();
  const scored = results.filter((result) => result.score !== null);
  const newest = scored[0];
  const oldest = scored[scored.length - 1];
  const summary =
    scored.length > 1 && newest && oldest
      ? `${scored.length} checks from ${formatDate(oldest.taken_at, clock)} to ${formatDate(newest.taken_at, clock)}, from ${oldest.score} to ${newest.score}.`
      : `${scored.length} check.`;
  return (
    <ResultCard heading="Your Thrive checks over time">
      <Who5TrendChart
        summary={summary}
        points={scored.map((result) => ({ at: result.taken_at, value: result.score ?? 0, unsent: result.unsent }))}
      />
      <Table striped withTableBorder verticalSpacing="xs" aria-label="Thrive check scores">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col">Score</Table.Th>
            <Table.Th scope="col">Change</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {scored.map((result, index) => {
            const before = scored[index + 1];
            const change =
              before?.score != null && result.score != null ? who5Change(before.score, result.score) : null;
            return (
              <Table.Tr key={result.id}>
                <Table.Td>
                  {formatDate(result.taken_at, clock)}
                  {result.unsent && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      (not yet on the server)
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{result.score}</Table.Td>
                <Table.Td fw={change?.meaningful ? 700 : undefined}>
                  {change === null ? '—' : `${change.points > 0 ? '+' : ''}${change.points}`}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ResultCard>
  );
}

/** The questionnaire's attribution, shown wherever it is used. */
export function Who5Attribution() {
  return (
    <Text size="xs" c="dimmed">
      {WHO5_ATTRIBUTION}
    </Text>
  );
}
