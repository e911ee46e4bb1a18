import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';

/** The menu of one entry of a visit (vitals, a reaction, an additive): removing it, asked by its own name. */
export function EntryMenu({ label, remove, onRemove }: { label: string; remove: string; onRemove: () => void }) {
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={label}>
          <IconDots size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item color="red" onClick={onRemove}>
          {remove}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
