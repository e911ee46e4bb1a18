import { NOTES_MAX } from '@contract';
import { Section } from './Section';
import { useVisitEditing } from './visit-context';
import { GrowingTextarea } from '@/components/GrowingTextarea';

const NOTES = ['notes'];

/** Free notes on the session. */
export function NotesSection() {
  const { draft, update, readOnly, attribution, problems } = useVisitEditing(NOTES);
  return (
    <Section id="notes" title="Notes">
      <GrowingTextarea
        label="Notes"
        description={attribution('notes')}
        value={draft.notes ?? ''}
        onChange={(event) => update('notes', event.currentTarget.value === '' ? null : event.currentTarget.value)}
        error={problems.get('notes')}
        disabled={readOnly}
        minRows={3}
        maxLength={NOTES_MAX}
      />
    </Section>
  );
}
