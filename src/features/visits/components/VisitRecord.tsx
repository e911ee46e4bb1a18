import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { THERAPY_INFO } from '@contract';
import { NotShown, withheld } from '@/components/signed-in/NotShown';
import { Term } from '@/components/signed-in/Term';
import { TintBadge } from '@/components/signed-in/TintBadge';
import { useClinicClock } from '@/features/clinics';
import { formatDateTime } from '@/lib/intl';
import type { Visit, VisitDraft } from '../model/draft';
import { entryTime } from '../model/timing';
import { AddendaPart, ConsentPart, ReactionsPart, TherapyPart, VitalsPart, type RecordContext } from './RecordParts';
import { SignatureBlock } from './SignatureBlock';

/**
 * In place of what was charted, for a role that reads only that a visit exists (reception, health coaches,
 * nutritionists): the API left it out, and the record says so.
 */
function ChartedNotShown({ therapy }: { therapy: VisitDraft['therapy'] }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h5">
          What was charted
        </Title>
        <Term
          size="sm"
          label={`Consent and screen, vitals, ${THERAPY_INFO[therapy].name}, reactions, notes and addenda`}
        >
          <NotShown />
        </Term>
      </Stack>
    </Paper>
  );
}

/**
 * A visit as a record: everything charted, who entered each entry, the
 * signature and hash, and the addenda in order. Read-only, and laid out to
 * print (the discovery page's visit view, a signed visit, the portal's summary).
 * A role that does not read the clinical record sees the visit's therapy, times and state.
 */
export function VisitRecord({
  visit,
  draft,
  people,
  withClinicalDetail = true,
}: {
  visit: Pick<
    Visit,
    | 'therapy'
    | 'state'
    | 'addenda'
    | 'attributions'
    | 'opened_at'
    | 'clinic_id'
    | 'clinic_name'
    | 'signature'
    | 'signed_by'
    | 'signed_at'
  >;
  draft: VisitDraft;
  /** Names by username. */
  people: Readonly<Record<string, string>>;
  /** The whole screen and every entry's author (staff); a client's summary leaves them out. */
  withClinicalDetail?: boolean;
}) {
  // Every time of the record on its clinic's clock.
  const clock = useClinicClock({ id: visit.clinic_id });
  const charted = !withheld(visit, 'vitals');
  const record: RecordContext = {
    clock,
    by: withClinicalDetail
      ? (key) => {
          const attribution = visit.attributions?.[key];
          return attribution ? `${people[attribution.by] ?? 'Staff'} · ${entryTime(attribution, clock)}` : '';
        }
      : null,
  };
  return (
    <Stack gap="md" className="visit-record">
      <Group gap="sm">
        <TintBadge color={visit.state === 'signed' ? 'teal' : 'gray'}>
          {visit.state === 'signed' ? 'Signed' : 'Draft'}
        </TintBadge>
        <Text size="sm">
          {THERAPY_INFO[draft.therapy].name} · {formatDateTime(visit.opened_at, clock)}
          {visit.clinic_name ? ` · ${visit.clinic_name}` : ''}
        </Text>
      </Group>
      {visit.signature ? (
        <Text size="sm">
          Signed by {visit.signature.name} on {formatDateTime(visit.signature.signed_on_device_at, clock)}.
        </Text>
      ) : (
        // A role that does not read the signature itself reads who signed and when the server received it.
        visit.state === 'signed' &&
        visit.signed_by &&
        visit.signed_at && (
          <Text size="sm">
            Signed by {people[visit.signed_by] ?? 'a member of staff'} on {formatDateTime(visit.signed_at, clock)}.
          </Text>
        )
      )}
      {!charted && <ChartedNotShown therapy={draft.therapy} />}
      {charted && <TherapyPart draft={draft} record={record} />}
      {charted && <VitalsPart draft={draft} record={record} />}
      {charted && withClinicalDetail && <ConsentPart draft={draft} record={record} />}
      {charted && <ReactionsPart draft={draft} record={record} />}
      {withClinicalDetail && visit.signature && <SignatureBlock signature={visit.signature} clock={clock} />}
      {charted && <AddendaPart addenda={visit.addenda} clock={clock} />}
    </Stack>
  );
}
