import { Alert, Card, SimpleGrid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ageInYears, genderLabel, type Profile } from '../model/profile';
import { type ShownProfile } from '@/features/people';
import { ProfileIdentity } from './ProfileIdentity';
import { formatDay } from '@/lib/intl';
import { NotShown, withheld } from '@/components/signed-in/NotShown';
import { Term } from '@/components/signed-in/Term';

const NOT_GIVEN = 'Not given';

/**
 * A term made of profile fields: "Not shown to your role" when the API left
 * all of them out (the viewer's role does not read them), else the value, or
 * "Not given" when the fields are empty.
 */
function ProfileTerm({
  label,
  profile,
  fields,
  children,
}: {
  label: string;
  profile: Profile;
  fields: readonly (keyof Profile)[];
  children: ReactNode;
}) {
  const shown = fields.some((field) => !withheld(profile, field));
  return <Term label={label}>{shown ? children || NOT_GIVEN : <NotShown />}</Term>;
}

/** One user's profile, read-only. */
export function ProfileCard({ shown, now = new Date() }: { shown: ShownProfile; now?: Date }) {
  const { profile, isPlaceholder } = shown;
  const age = ageInYears(profile.date_of_birth, now);
  const place = [profile.city, profile.state, profile.country].filter(Boolean).join(', ');
  const emergency = [
    profile.emergency_contact_name,
    profile.emergency_contact_relation,
    profile.emergency_contact_number,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="lg">
        <ProfileIdentity profile={profile} nameOrder={2} />
        {isPlaceholder && (
          <Alert variant="light" color="thrive">
            No profile has been set up for this account yet. Please contact the clinic to complete it.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <Term label="Email">
            <span style={{ overflowWrap: 'anywhere' }}>{profile.email || NOT_GIVEN}</span>
          </Term>
          <ProfileTerm label="Phone" profile={profile} fields={['phone_number']}>
            {profile.phone_number}
          </ProfileTerm>
          <ProfileTerm label="Gender" profile={profile} fields={['gender']}>
            {genderLabel(profile.gender)}
          </ProfileTerm>
          <ProfileTerm label="Age" profile={profile} fields={['date_of_birth']}>
            {age === null ? null : `${age} years`}
          </ProfileTerm>
          <ProfileTerm label="Date of birth" profile={profile} fields={['date_of_birth']}>
            {profile.date_of_birth ? formatDay(profile.date_of_birth, { weekday: false }) : null}
          </ProfileTerm>
          <ProfileTerm label="Preferred contact" profile={profile} fields={['preferred_contact_method']}>
            {profile.preferred_contact_method}
          </ProfileTerm>
          <ProfileTerm label="Location" profile={profile} fields={['city', 'state', 'country']}>
            {place}
          </ProfileTerm>
          <ProfileTerm
            label="Emergency contact"
            profile={profile}
            fields={['emergency_contact_name', 'emergency_contact_relation', 'emergency_contact_number']}
          >
            {emergency}
          </ProfileTerm>
          {profile.role === 'CLIENT' && (
            <Term label="HIPAA authorization">
              {profile.hipaa_consent
                ? `Given${profile.hipaa_consent_version ? ` (version ${profile.hipaa_consent_version})` : ''}`
                : 'Not given yet'}
            </Term>
          )}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
