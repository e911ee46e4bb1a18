import { Text, Title } from '@mantine/core';
import { partOfDay, useClock } from '@/lib/intl';

const GREETINGS = { morning: 'Good morning', afternoon: 'Good afternoon', evening: 'Good evening' } as const;

/** The client's greeting at the top of home, by the time of day at their clinic (not on their phone's clock). */
export function Greeting({ firstName, now = new Date() }: { firstName: string; now?: Date }) {
  const clock = useClock();
  return (
    <div>
      <Title order={2} size="h3">
        {GREETINGS[partOfDay(now, clock)]}
        {firstName && firstName !== 'Unknown' ? `, ${firstName}` : ''}
      </Title>
      <Text size="sm" c="dimmed">
        Here is what is coming up, and what to do next on your Thrive journey.
      </Text>
    </div>
  );
}
