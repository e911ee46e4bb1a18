import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { TintBadge } from '@/components/signed-in/TintBadge';
import { todayOn, useClock } from '@/lib/intl';
import { YesNo } from './FieldInput';
import { Section } from './Section';
import { useVisitEditing } from './visit-context';
import { DayInput } from '@/components/DayInput';

const CONSENT = ['consent'];

/** The client's HIPAA authorization (from the profile) and their consent to today's therapy. */
export function ConsentSection({ hipaaConsent, therapy }: { hipaaConsent: boolean; therapy: string }) {
  const { draft, update, problems, readOnly, attribution } = useVisitEditing(CONSENT);
  const clock = useClock();
  const consent = draft.consent ?? {};
  return (
    <Section id="consent" title="Consent">
      <Group gap="sm">
        <Text size="sm">HIPAA authorization</Text>
        <TintBadge color={hipaaConsent ? 'teal' : 'red'}>{hipaaConsent ? 'Given' : 'Not given'}</TintBadge>
      </Group>
      {!hipaaConsent && (
        <Alert color="red" variant="light" title="The client has not given the HIPAA authorization">
          They give it when they next open their portal. The visit cannot be signed until then.
        </Alert>
      )}
      <Stack gap="xs">
        <YesNo
          label={`The client consents to ${therapy} today`}
          value={consent.therapy_consent}
          onChange={(value) => {
            update('consent.therapy_consent', value);
            if (value && !consent.therapy_consent_date) update('consent.therapy_consent_date', todayOn(clock));
          }}
          error={problems.get('consent.therapy_consent')}
          disabled={readOnly}
          description={attribution('consent.therapy_consent')}
        />
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <DayInput
            label="Consent given on"
            value={consent.therapy_consent_date}
            onChange={(day) => update('consent.therapy_consent_date', day || null)}
            error={problems.get('consent.therapy_consent_date')}
            disabled={readOnly}
            maxDate={todayOn(clock)}
            locale={clock.locale}
            style={{ flex: 1, maxWidth: 260 }}
          />
          {!readOnly && (
            <Button
              variant="default"
              onClick={() => update('consent.therapy_consent_date', todayOn(clock))}
              mb={problems.has('consent.therapy_consent_date') ? 24 : 0}
              style={{ flexShrink: 0 }}
            >
              Today
            </Button>
          )}
        </Group>
      </Stack>
    </Section>
  );
}
