import { Textarea } from '@mantine/core';
import { NOTES_MAX } from '@contract';
import { Section } from './Section';
import { useVisitEditing } from './visit-context';

/** Free notes on the session. */
export function NotesSection() {
  const { draft, update, readOnly, attribution, problems } = useVisitEditing();
  return (
    <Section id="notes" title="Notes">
      <Textarea
        label="Notes"
        description={attribution('notes')}
        value={draft.notes ?? ''}
        onChange={(event) => update('notes', event.currentTarget.value === '' ? null : event.currentTarget.value)}
        error={problems.get('notes')}
        disabled={readOnly}
        autosize
        minRows={3}
        maxLength={NOTES_MAX}
      />
    </Section>
  );
}
