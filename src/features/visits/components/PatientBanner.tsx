import { Avatar, Box, Collapse, Group, Paper, Stack, Text, UnstyledButton, useMatches } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconChevronDown } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { THERAPY_INFO, ageOn, type components } from '@contract';
import type { ReactNode } from 'react';
import { TouchLink } from '@/components/RouterLinks';
import { TOUCH_TARGET } from '@/config/touch';
import { NotShown, withheld } from '@/components/signed-in/NotShown';
import { TintBadge } from '@/components/signed-in/TintBadge';
import { clientAlertsQueryOptions, fullName, profileOf, userDetailQueryOptions } from '@/features/people';
import { counted, formatDate, formatDay, useClock } from '@/lib/intl';

type ClientAlerts = components['schemas']['ClientAlerts'];

/** One alert in the banner: a tap from where it was recorded. */
interface BannerAlert {
  key: string;
  colour: 'red' | 'orange' | 'yellow';
  text: string;
  link: ReactNode;
}

function initialsOf(first: string, last: string): string {
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase() || '?';
}

/**
 * Every alert the viewer's role reads, most urgent first, each linking to its source (the visit it was recorded
 * in, or the client's page).
 */
function alertsOf(alerts: ClientAlerts, clientId: string, when: (at: string) => string): BannerAlert[] {
  const visitLink = (visitId: string, text: string) => (
    <TouchLink to="/client/discovery/$clientId/visit/$visitId" params={{ clientId, visitId }} size="sm" fw={600}>
      {text}
    </TouchLink>
  );
  const shown: BannerAlert[] = [];
  const wellbeing = alerts.wellbeing;
  if (wellbeing?.awaiting_contact) {
    const text = `Very low Thrive check: ${wellbeing.score} / 100 on ${when(wellbeing.taken_at)}, not yet followed up`;
    shown.push({
      key: `wellbeing-${wellbeing.assessment_id}`,
      colour: 'red',
      text,
      link: (
        <TouchLink to="/client/discovery/$clientId" params={{ clientId }} hash="alerts" size="sm" fw={600}>
          {text}
        </TouchLink>
      ),
    });
  }
  for (const reaction of alerts.reactions ?? []) {
    const text = `${reaction.severity} reaction: ${reaction.what} (${THERAPY_INFO[reaction.therapy].name}, ${when(reaction.at)})`;
    shown.push({
      key: `reaction-${reaction.visit_id}-${reaction.at}`,
      colour: reaction.severity === 'mild' ? 'yellow' : 'red',
      text,
      link: visitLink(reaction.visit_id, text),
    });
  }
  for (const item of alerts.contraindications ?? []) {
    const text = `Contraindication: ${item.label} (${THERAPY_INFO[item.therapy].name}, ${when(item.at)})`;
    shown.push({
      key: `screen-${item.visit_id}-${item.question}`,
      colour: 'orange',
      text,
      link: visitLink(item.visit_id, text),
    });
  }
  return shown;
}

/** The kinds of alert the API left out because the viewer's role does not read them. */
function alertsNotRead(alerts: ClientAlerts): string[] {
  return [
    ...(withheld(alerts, 'contraindications') || withheld(alerts, 'reactions')
      ? ['Contraindications and reactions']
      : []),
    ...(withheld(alerts, 'wellbeing') ? ['Thrive check'] : []),
  ];
}

/**
 * The patient banner on every chart and visit screen, held at the top while
 * charting: who this is (name, date of birth and age, initials or photo), their
 * consent, and what to watch out for (earlier contraindications answered yes,
 * adverse reactions, a very low Thrive check), each a tap from its source. The
 * first defence against charting on the wrong client. On a phone it folds to a
 * line, the alerts a tap away.
 */
export function PatientBanner({
  clientId,
  therapyConsent,
}: {
  clientId: string;
  /** This visit's consent to its therapy, when the screen charts one: its therapy and whether it was given. */
  therapyConsent?: { therapy: keyof typeof THERAPY_INFO; given: boolean } | undefined;
}) {
  const clock = useClock();
  // Below Mantine's `sm` (48em, 768 px): the spec's mobile layout.
  const phone = useMatches({ base: true, sm: false });
  const [open, { toggle }] = useDisclosure(false);
  const profile = profileOf(useSuspenseQuery(userDetailQueryOptions(clientId)).data).profile;
  const alerts = useQuery(clientAlertsQueryOptions(clientId)).data;
  const name = fullName(profile) || 'Unknown client';
  const born = profile.date_of_birth;
  const age = ageOn(born, new Date());
  const shown = alerts ? alertsOf(alerts, clientId, (at) => formatDate(at, clock, { weekday: false })) : [];
  // What the API left out for the viewer's role: said so, never shown as 'no alerts'.
  const notRead = alerts ? alertsNotRead(alerts) : [];
  const hipaa = profile.hipaa_consent === true;

  const identity = (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar src={profile.profile_picture || null} alt="" color="thrive" radius="xl" size={phone ? 'md' : 'lg'}>
        {initialsOf(profile.first_name, profile.last_name)}
      </Avatar>
      <Stack gap={0} miw={0}>
        <Text fw={700} size={phone ? 'md' : 'lg'} truncate>
          {name}
        </Text>
        <Text size="sm" c="dimmed">
          {born ? `Born ${formatDay(born, { weekday: false }, clock.locale)}` : 'Date of birth not recorded'}
          {age !== null ? ` · ${counted(age, 'year', 'years')}` : ''}
        </Text>
      </Stack>
    </Group>
  );
  const consent = (
    <Group gap={6}>
      <TintBadge color={hipaa ? 'teal' : 'red'}>
        {hipaa ? 'HIPAA authorization given' : 'No HIPAA authorization'}
      </TintBadge>
      {therapyConsent && (
        <TintBadge color={therapyConsent.given ? 'teal' : 'gray'}>
          {THERAPY_INFO[therapyConsent.therapy].name} consent {therapyConsent.given ? 'recorded' : 'not yet recorded'}
        </TintBadge>
      )}
    </Group>
  );
  const alertList = (
    <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Alerts">
      {alerts === undefined ? (
        <Text component="li" size="sm" c="dimmed">
          Alerts not on this device yet.
        </Text>
      ) : shown.length === 0 && notRead.length === 0 ? (
        <Text component="li" size="sm" c="dimmed">
          No alerts: no contraindication answered yes, no reaction, no very low Thrive check.
        </Text>
      ) : (
        <>
          {shown.map((alert) => (
            <Group component="li" key={alert.key} gap={6} wrap="nowrap" align="flex-start">
              <IconAlertTriangle size={16} aria-hidden color={`var(--mantine-color-${alert.colour}-8)`} />
              <Box miw={0}>{alert.link}</Box>
            </Group>
          ))}
          {notRead.map((what) => (
            <Text component="li" key={what} size="sm">
              {what}: <NotShown />
            </Text>
          ))}
        </>
      )}
    </Stack>
  );

  return (
    <Paper
      component="section"
      aria-label={`Patient: ${name}`}
      data-testid="patient-banner"
      withBorder
      shadow="sm"
      radius="md"
      p={phone ? 'xs' : 'sm'}
      pos="sticky"
      top="var(--app-shell-header-height, 60px)"
      style={{ zIndex: 3 }}
    >
      {phone ? (
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            {identity}
            <UnstyledButton
              onClick={toggle}
              aria-expanded={open}
              mih={TOUCH_TARGET}
              px="xs"
              style={{ display: 'flex', alignItems: 'center', gap: 4, flexShrink: 0 }}
            >
              <TintBadge color={shown.length > 0 || !hipaa ? 'red' : 'gray'}>
                {shown.length > 0
                  ? counted(shown.length, 'alert', 'alerts')
                  : !hipaa
                    ? 'No HIPAA'
                    : notRead.length > 0
                      ? 'Alerts'
                      : 'No alerts'}
              </TintBadge>
              <IconChevronDown size={16} aria-hidden style={{ transform: open ? 'rotate(180deg)' : undefined }} />
            </UnstyledButton>
          </Group>
          <Collapse expanded={open}>
            <Stack gap={6}>
              {consent}
              {alertList}
            </Stack>
          </Collapse>
        </Stack>
      ) : (
        <Group justify="space-between" align="flex-start" gap="md" wrap="nowrap">
          <Stack gap={6} miw={0}>
            {identity}
            {consent}
          </Stack>
          <Box maw="55%">{alertList}</Box>
        </Group>
      )}
    </Paper>
  );
}
