// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterFirstCommit, useGrowingList, useProgressiveList } from './progressive-render';

const numbers = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

function List({ items }: { items: readonly number[] }) {
  const shown = useProgressiveList(items, 3);
  return (
    <ul aria-label="Items">
      {shown.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

describe('a long list shown progressively', () => {
  it('commits its first items on their own, then the rest', async () => {
    const commits: number[] = [];
    function Counting({ items }: { items: readonly number[] }) {
      const shown = useProgressiveList(items, 3);
      commits.push(shown.length);
      return null;
    }
    render(<Counting items={numbers(10)} />);
    await waitFor(() => expect(commits.at(-1)).toBe(10));
    expect(commits[0]).toBe(3);
  });

  it('shows the head of other items first when they replace the list, then the rest', async () => {
    const commits: number[][] = [];
    function Counting({ items }: { items: readonly number[] }) {
      const shown = useProgressiveList(items, 3);
      commits.push([shown[0]!, shown.length]);
      return null;
    }
    const { rerender } = render(<Counting items={numbers(10)} />);
    await waitFor(() => expect(commits.at(-1)).toEqual([1, 10]));
    const others = numbers(10).map((item) => item + 100);
    commits.length = 0;
    rerender(<Counting items={others} />);
    await waitFor(() => expect(commits.at(-1)).toEqual([101, 10]));
    // Never a mix of the old and the new.
    expect(commits[0]).toEqual([101, 3]);
  });

  it('ends with every item, and a shorter list shows whole at once', async () => {
    const { rerender } = render(<List items={numbers(10)} />);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(10));
    rerender(<List items={numbers(2)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('content after the first commit', () => {
  it('is left out of the first commit and shown by the next', async () => {
    const commits: boolean[] = [];
    function Screen() {
      const ready = useAfterFirstCommit();
      commits.push(ready);
      return ready ? <p>The schedule</p> : <p role="status">Loading</p>;
    }
    render(<Screen />);
    expect(await screen.findByText('The schedule')).toBeTruthy();
    expect(commits[0]).toBe(false);
  });

  it('gives a part mounted by that next render a commit of its own, after it', async () => {
    const commits: string[] = [];
    function Grid() {
      const ready = useAfterFirstCommit();
      commits.push(`grid ${ready}`);
      return ready ? <p>The grid</p> : null;
    }
    function Screen() {
      const ready = useAfterFirstCommit();
      commits.push(`screen ${ready}`);
      return ready ? <Grid /> : null;
    }
    render(<Screen />);
    expect(await screen.findByText('The grid')).toBeTruthy();
    expect(commits).toEqual(['screen false', 'screen true', 'grid false', 'grid true']);
  });
});

describe('a grid grown a few rows at a time', () => {
  it('commits its first rows, then a step more in each commit until all show', async () => {
    const commits: number[] = [];
    function Counting({ items }: { items: readonly number[] }) {
      commits.push(useGrowingList(items, 3, 2).length);
      return null;
    }
    render(<Counting items={numbers(8)} />);
    await waitFor(() => expect(commits.at(-1)).toBe(8));
    expect([...new Set(commits)]).toEqual([3, 5, 7, 8]);
  });

  it('starts other rows from their head, never mixing them with the rows before', async () => {
    const commits: number[][] = [];
    function Counting({ items }: { items: readonly number[] }) {
      const shown = useGrowingList(items, 3, 2);
      commits.push([shown[0]!, shown.length]);
      return null;
    }
    const { rerender } = render(<Counting items={numbers(8)} />);
    await waitFor(() => expect(commits.at(-1)).toEqual([1, 8]));
    commits.length = 0;
    rerender(<Counting items={numbers(8).map((item) => item + 100)} />);
    await waitFor(() => expect(commits.at(-1)).toEqual([101, 8]));
    expect(commits.every(([head]) => head === 101)).toBe(true);
    expect(commits[0]).toEqual([101, 3]);
  });

  it('shows a list no longer than its first rows whole', () => {
    const commits: number[] = [];
    function Counting({ items }: { items: readonly number[] }) {
      commits.push(useGrowingList(items, 3, 2).length);
      return null;
    }
    render(<Counting items={numbers(2)} />);
    expect(commits).toEqual([2]);
  });
});
