import { Alert, Card, SimpleGrid, Stack } from '@mantine/core';
import { ageInYears, genderLabel } from '../model/profile';
import { type ShownProfile } from '@/features/people';
import { ProfileIdentity } from './ProfileIdentity';
import { formatDay } from '@/lib/intl';
import { Term } from '@/components/signed-in/Term';

const NOT_GIVEN = 'Not given';

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
          <Term label="Phone">{profile.phone_number ?? NOT_GIVEN}</Term>
          <Term label="Gender">{genderLabel(profile.gender)}</Term>
          <Term label="Age">{age === null ? NOT_GIVEN : `${age} years`}</Term>
          <Term label="Date of birth">
            {profile.date_of_birth ? formatDay(profile.date_of_birth, { weekday: false }) : NOT_GIVEN}
          </Term>
          <Term label="Preferred contact">{profile.preferred_contact_method}</Term>
          <Term label="Location">{place || NOT_GIVEN}</Term>
          <Term label="Emergency contact">{emergency || NOT_GIVEN}</Term>
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
