import { FIELD_LABELS, PROFILE_SECTIONS, sectionsShown } from '../model/fields';
import type { Profile } from '../model/profile';
import { NOT_GIVEN, ReadOnlyProfileField, SectionCard } from './ProfileSection';
import { formatDateTime, useClock } from '@/lib/intl';
import { NotShown, withheld } from '@/components/signed-in/NotShown';
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

/**
 * Every profile field, read-only, in the form's sections: what the viewer's role does not read (the API left it
 * out) says so, and the sections it reads none of are named together.
 */
export function ProfileDetails({ profile, unsent }: { profile: Profile; unsent?: ReadonlySet<string> }) {
  const shown = sectionsShown(profile).map((section) => section.id);
  const notShown = PROFILE_SECTIONS.filter((section) => !shown.includes(section.id));
  return (
    <>
      {PROFILE_SECTIONS.filter((section) => shown.includes(section.id)).map((section) => (
        <SectionCard key={section.id} title={section.title} description={section.description}>
          {section.id === 'contact' && <Term label="Sign-in email">{profile.email || NOT_GIVEN}</Term>}
          {section.fields.map((field) =>
            withheld(profile, field) ? (
              <Term key={field} label={FIELD_LABELS[field]}>
                <NotShown />
              </Term>
            ) : (
              <ReadOnlyProfileField key={field} profile={profile} field={field} unsent={unsent?.has(field) ?? false} />
            ),
          )}
        </SectionCard>
      ))}
      {notShown.length > 0 && (
        <SectionCard title="Other sections">
          {notShown.map((section) => (
            <Term key={section.id} label={section.title}>
              <NotShown />
            </Term>
          ))}
        </SectionCard>
      )}
      {profile.role === 'CLIENT' && <ConsentSection profile={profile} />}
      <RecordSection profile={profile} />
    </>
  );
}
