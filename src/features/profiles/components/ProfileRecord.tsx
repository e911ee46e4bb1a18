import { sectionsShown } from '../model/fields';
import type { Profile } from '../model/profile';
import { NOT_GIVEN, ReadOnlyProfileField, SectionCard } from './ProfileSection';
import { formatDateTime, useClock } from '@/lib/intl';
import { Term } from '@/components/signed-in/Term';

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
      <Term label="Authorization">{profile.hipaa_consent ? 'Given' : 'Not given yet'}</Term>
      <Term label="Given on">{profile.hipaa_consent ? <When at={profile.hipaa_consent_date} /> : NOT_GIVEN}</Term>
      <Term label="Version">{profile.hipaa_consent_version ?? NOT_GIVEN}</Term>
    </SectionCard>
  );
}

/** The record's identifiers and last change: never edited. */
export function RecordSection({ profile }: { profile: Profile }) {
  return (
    <SectionCard title="Record">
      <Term label="User id">{profile.client_id}</Term>
      <Term label="Profile id">{profile.user_profile_id || NOT_GIVEN}</Term>
      <Term label="Last changed">
        <When at={profile.updated_at} />
      </Term>
    </SectionCard>
  );
}

/** Every profile field the viewer may read, read-only, in the form's sections. */
export function ProfileDetails({ profile, unsent }: { profile: Profile; unsent?: ReadonlySet<string> }) {
  return (
    <>
      {sectionsShown(profile).map((section) => (
        <SectionCard key={section.id} title={section.title} description={section.description}>
          {section.id === 'contact' && <Term label="Sign-in email">{profile.email || NOT_GIVEN}</Term>}
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
