import { Text } from '@mantine/core';

/**
 * What a screen says for a field the API left out because the viewer's role
 * may not read it (minimum necessary). "Not given" stays for a value that is
 * truly empty: the two must never read alike.
 */
export const NOT_SHOWN_TO_ROLE = 'Not shown to your role';

/** Whether the API left `field` out of `record`: the viewer's role does not read it. */
export function withheld(record: object, field: string): boolean {
  return !Object.hasOwn(record, field);
}

/** The words for a withheld field, quieter than a value. */
export function NotShown() {
  return (
    <Text span inherit c="dimmed" fs="italic">
      {NOT_SHOWN_TO_ROLE}
    </Text>
  );
}
