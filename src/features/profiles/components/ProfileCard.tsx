import { Alert, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ageInYears, genderLabel } from '../model/profile';
import { type ShownProfile } from '@/features/people';
import { ProfileIdentity } from './ProfileIdentity';
import { formatDay } from '@/lib/intl';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {children}
      </Text>
    </div>
  );
}

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
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md" m={0}>
          <Field label="Email">
            <span style={{ overflowWrap: 'anywhere' }}>{profile.email || NOT_GIVEN}</span>
          </Field>
          <Field label="Phone">{profile.phone_number ?? NOT_GIVEN}</Field>
          <Field label="Gender">{genderLabel(profile.gender)}</Field>
          <Field label="Age">{age === null ? NOT_GIVEN : `${age} years`}</Field>
          <Field label="Date of birth">
            {profile.date_of_birth ? formatDay(profile.date_of_birth, { weekday: false }) : NOT_GIVEN}
          </Field>
          <Field label="Preferred contact">{profile.preferred_contact_method}</Field>
          <Field label="Location">{place || NOT_GIVEN}</Field>
          <Field label="Emergency contact">{emergency || NOT_GIVEN}</Field>
          {profile.role === 'CLIENT' && (
            <Field label="HIPAA authorization">
              {profile.hipaa_consent
                ? `Given${profile.hipaa_consent_version ? ` (version ${profile.hipaa_consent_version})` : ''}`
                : 'Not given yet'}
            </Field>
          )}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
