import { useState, type KeyboardEvent } from 'react';

/**
 * The option a search box drives in the list below it (a combobox with
 * aria-activedescendant): the first is active until the arrow keys move, the
 * arrows wrap around, Enter chooses the active one, and a new list starts
 * again from its first.
 */
export function useActiveOption<T extends { id: string }>(
  options: readonly T[],
  listId: string,
  onChoose: (option: T) => void,
): { activeIndex: number; activeId: string | undefined; onKeyDown: (event: KeyboardEvent<HTMLElement>) => void } {
  const listKey = options.map((option) => option.id).join(' ');
  const [active, setActive] = useState({ list: listKey, index: 0 });
  const activeIndex = active.list === listKey ? Math.min(active.index, options.length - 1) : 0;
  if (active.list !== listKey && active.index !== 0) setActive({ list: listKey, index: 0 });

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (options.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive({ list: listKey, index: (activeIndex + step + options.length) % options.length });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = options[activeIndex];
      if (chosen) onChoose(chosen);
    }
  }

  const activeOption = options[activeIndex];
  return { activeIndex, activeId: activeOption ? optionId(listId, activeOption.id) : undefined, onKeyDown };
}

/** The element id of an option of the list `listId`. */
export const optionId = (listId: string, id: string) => `${listId}-${id}`;
