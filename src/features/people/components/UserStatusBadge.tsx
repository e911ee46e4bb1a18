import { Badge } from '@mantine/core';

/** Whether the account may sign in: Active, or Disabled. */
export function UserStatusBadge({ enabled }: { enabled: boolean }) {
  return (
    <Badge variant={enabled ? 'light' : 'filled'} color={enabled ? 'teal' : 'gray'} radius="sm">
      {enabled ? 'Active' : 'Disabled'}
    </Badge>
  );
}
