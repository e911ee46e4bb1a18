import { Group, Stack, Text } from '@mantine/core';
import { THERAPY_INFO } from '@contract';
import { TintBadge } from '@/components/signed-in/TintBadge';
import { useClinicClock } from '@/features/clinics';
import { formatDateTime } from '@/lib/intl';
import type { Visit, VisitDraft } from '../model/draft';
import { entryTime } from '../model/timing';
import { AddendaPart, ConsentPart, ReactionsPart, TherapyPart, VitalsPart, type RecordContext } from './RecordParts';
import { SignatureBlock } from './SignatureBlock';

/**
 * A visit as a record: everything charted, who entered each entry, the
 * signature and hash, and the addenda in order. Read-only, and laid out to
 * print (the discovery page's visit view, a signed visit, the portal's summary).
 */
export function VisitRecord({
  visit,
  draft,
  people,
  withClinicalDetail = true,
}: {
  visit: Pick<
    Visit,
    'therapy' | 'state' | 'addenda' | 'attributions' | 'opened_at' | 'clinic_id' | 'clinic_name' | 'signature'
  >;
  draft: VisitDraft;
  /** Names by username. */
  people: Readonly<Record<string, string>>;
  /** The whole screen and every entry's author (staff); a client's summary leaves them out. */
  withClinicalDetail?: boolean;
}) {
  // Every time of the record on its clinic's clock.
  const clock = useClinicClock({ id: visit.clinic_id });
  const record: RecordContext = {
    clock,
    by: withClinicalDetail
      ? (key) => {
          const attribution = visit.attributions[key];
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
      {visit.signature && (
        <Text size="sm">
          Signed by {visit.signature.name} on {formatDateTime(visit.signature.signed_on_device_at, clock)}.
        </Text>
      )}
      <TherapyPart draft={draft} record={record} />
      <VitalsPart draft={draft} record={record} />
      {withClinicalDetail && <ConsentPart draft={draft} record={record} />}
      <ReactionsPart draft={draft} record={record} />
      {withClinicalDetail && visit.signature && <SignatureBlock signature={visit.signature} clock={clock} />}
      <AddendaPart addenda={visit.addenda} clock={clock} />
    </Stack>
  );
}
