import { sectionsShown } from '../model/fields';
import type { Profile } from '../model/profile';
import { NOT_GIVEN, ReadOnlyField, ReadOnlyProfileField, SectionCard } from './ProfileSection';
import { formatDateTime, useClock } from '@/lib/intl';

/** An instant of the record on the clinic's clock, or 'Not given'. */
function When({ at }: { at: string | null | undefined }) {
  const clock = useClock();
  if (!at || Number.isNaN(Date.parse(at))) return at || NOT_GIVEN;
  return formatDateTime(at, clock);
}

/** HIPAA authorization: given through the portal's consent modal, or recorded by the clinic; never edited here. */
export function ConsentSection({ profile }: { profile: Profile }) {
  return (
    <SectionCard
      title="HIPAA authorization"
      description="Given by the client in the portal; a withdrawal is made in writing to the clinic."
    >
      <ReadOnlyField label="Authorization">{profile.hipaa_consent ? 'Given' : 'Not given yet'}</ReadOnlyField>
      <ReadOnlyField label="Given on">
        {profile.hipaa_consent ? <When at={profile.hipaa_consent_date} /> : NOT_GIVEN}
      </ReadOnlyField>
      <ReadOnlyField label="Version">{profile.hipaa_consent_version ?? NOT_GIVEN}</ReadOnlyField>
    </SectionCard>
  );
}

/** The record's identifiers and last change: never edited. */
export function RecordSection({ profile }: { profile: Profile }) {
  return (
    <SectionCard title="Record">
      <ReadOnlyField label="User id">{profile.client_id}</ReadOnlyField>
      <ReadOnlyField label="Profile id">{profile.user_profile_id || NOT_GIVEN}</ReadOnlyField>
      <ReadOnlyField label="Last changed">
        <When at={profile.updated_at} />
      </ReadOnlyField>
    </SectionCard>
  );
}

/** Every profile field the viewer may read, read-only, in the form's sections. */
export function ProfileDetails({ profile, unsent }: { profile: Profile; unsent?: ReadonlySet<string> }) {
  return (
    <>
      {sectionsShown(profile).map((section) => (
        <SectionCard key={section.id} title={section.title} description={section.description}>
          {section.id === 'contact' && (
            <ReadOnlyField label="Sign-in email">{profile.email || NOT_GIVEN}</ReadOnlyField>
          )}
          {section.fields.map((field) => (
            <ReadOnlyProfileField key={field} profile={profile} field={field} unsent={unsent?.has(field) ?? false} />
          ))}
        </SectionCard>
      ))}
      {profile.role === 'CLIENT' && <ConsentSection profile={profile} />}
      <RecordSection profile={profile} />
    </>
  );
}
