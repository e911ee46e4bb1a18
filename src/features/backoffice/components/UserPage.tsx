import { Card, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { PageFrame } from '@/components/PageFrame';
import { EnrollmentsPanel } from '@/features/enrollments';
import { ProfileEditor } from '@/features/profiles';
import type { SignedInUser } from '@/lib/auth/guards';
import { fullName, profileOf, type UserDetail } from '@/features/people';
import { userDetailQueryOptions } from '@/features/people';
import { UserAccountActions } from '@/features/people';
import { BACKOFFICE_CRUMB, USERS_CRUMB } from '@/lib/navigation';

const CELL = { padding: '8px 12px', textAlign: 'left', verticalAlign: 'top' } as const;
const RULE = '1px solid var(--mantine-color-default-border)';

/** The identity service's attributes of the account (e-mail among them), as it reports them. */
function AttributesTable({ detail }: { detail: UserDetail }) {
  if (detail.UserAttributes.length === 0) {
    return <Text c="dimmed">The identity service reports no attributes for this account.</Text>;
  }
  return (
    <div style={{ overflowX: 'auto' }}>
      <table style={{ borderCollapse: 'collapse', width: '100%', fontSize: 'var(--mantine-font-size-sm)' }}>
        <caption style={{ textAlign: 'left', paddingBottom: 8, color: 'var(--mantine-color-dimmed)' }}>
          Identity attributes (read-only)
        </caption>
        <thead>
          <tr style={{ borderBottom: RULE }}>
            <th scope="col" style={CELL}>
              Name
            </th>
            <th scope="col" style={CELL}>
              Value
            </th>
          </tr>
        </thead>
        <tbody>
          {detail.UserAttributes.map((attribute) => (
            <tr key={attribute.Name} style={{ borderBottom: RULE }}>
              <th scope="row" style={{ ...CELL, fontWeight: 500, whiteSpace: 'nowrap' }}>
                {attribute.Name}
              </th>
              <td style={{ ...CELL, overflowWrap: 'anywhere' }}>{attribute.Value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The account itself: sign-in allowed or not (with disable, enable and delete), its identity state and attributes. */
function AccountSection({ detail, signedIn }: { detail: UserDetail; signedIn: SignedInUser }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId}>
          Account and sign-in
        </Title>
        <UserAccountActions detail={detail} signedIn={signedIn} />
        {detail.UserStatus && (
          <Text size="sm" c="dimmed">
            Identity service state: {detail.UserStatus}
          </Text>
        )}
        <AttributesTable detail={detail} />
      </Stack>
    </Card>
  );
}

/** /users/{username}: one user's page: profile (with role), enrollments of a client, and the account. */
export function UserPage({ username, viewer }: { username: string; viewer: SignedInUser }) {
  const { data } = useSuspenseQuery(userDetailQueryOptions(username));
  const shown = profileOf(data);
  const name = fullName(shown.profile);
  return (
    <PageFrame
      title={name}
      crumbs={[BACKOFFICE_CRUMB, USERS_CRUMB, { label: name }]}
      purpose="One user's profile page: their details, role and account."
    >
      <ProfileEditor key={data.Username} shown={shown} viewer={viewer} roleChange>
        <AccountSection detail={data} signedIn={viewer} />
        {/* Only clients are enrolled in programs (the API refuses others). */}
        {!shown.isPlaceholder && shown.profile.role === 'CLIENT' && (
          <EnrollmentsPanel userId={data.Username} clientName={name} viewerRole={viewer.role} />
        )}
      </ProfileEditor>
    </PageFrame>
  );
}
