import { Text, Title } from '@mantine/core';

function partOfDay(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** The client's greeting at the top of home, by the time of day on their device. */
export function Greeting({ firstName, now = new Date() }: { firstName: string; now?: Date }) {
  return (
    <div>
      <Title order={2} size="h3">
        {partOfDay(now.getHours())}
        {firstName && firstName !== 'Unknown' ? `, ${firstName}` : ''}
      </Title>
      <Text size="sm" c="dimmed">
        Here is what is coming up, and what to do next on your Thrive journey.
      </Text>
    </div>
  );
}
