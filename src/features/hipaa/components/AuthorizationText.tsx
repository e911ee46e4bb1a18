import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { HIPAA_CONSENT_VERSION } from '../model/consent';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-labelledby={id}>
      <Title order={3} size="h5" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Points({ children }: { children: ReactNode }) {
  return (
    <List size="sm" spacing={6} withPadding>
      {children}
    </List>
  );
}

/** Who handles a clinic's privacy requests. */
export interface PrivacyContact {
  clinic: string;
  email: string;
}

/** "privacy@…", or each clinic's: "privacy.bengaluru@… (Thrive Bengaluru) or privacy.london@… (Thrive London)". */
function WriteTo({ contacts }: { contacts: readonly PrivacyContact[] }) {
  if (contacts.length === 0) return <>the clinic</>;
  return (
    <>
      {contacts.map((contact, index) => (
        <Fragment key={contact.email}>
          {index > 0 && ' or '}
          <Anchor href={`mailto:${contact.email}`} inherit>
            {contact.email}
          </Anchor>
          {contacts.length > 1 && ` (${contact.clinic})`}
        </Fragment>
      ))}
    </>
  );
}

/**
 * The HIPAA authorization a client signs before using the portal (spec section
 * 4; the core elements and required statements of 45 CFR 164.508): what is
 * covered, why, who receives it, when it expires, and the client's rights.
 * Requests go to the client's clinic's privacy contact (each clinic's while
 * the client's is not known). A change of these terms is a new version,
 * which clients accept again.
 */
export function AuthorizationText({ privacy }: { privacy: readonly PrivacyContact[] }) {
  const writeTo = <WriteTo contacts={privacy} />;
  return (
    <Stack gap="lg">
      <Section id="hipaa-who" title="Who may use and share your information">
        <Text size="sm">
          Thrive, the health and wellness clinic, and its clinical team (doctors, nurses, health coaches and
          nutritionists), with the reception and administrative staff who support your care.
        </Text>
      </Section>

      <Section id="hipaa-covered" title="The health information covered">
        <Points>
          <List.Item>
            Your identity and contact details: name, date of birth, gender, address, phone numbers, e-mail and emergency
            contact.
          </List.Item>
          <List.Item>
            Your health history: health goals, your story, lifestyle and family history, and what you tell us in your
            intake call.
          </List.Item>
          <List.Item>
            Your assessments and results: the Thrive check, the cognitive assessment, laboratory and partner test
            results, and your reports.
          </List.Item>
          <List.Item>
            Your visits and therapies (IV therapy, hyperbaric oxygen, pulsed electromagnetic therapy, red light therapy
            and far-infrared sauna), with vital signs, what was given, notes and any reactions.
          </List.Item>
          <List.Item>Your appointments, program enrollments and the records needed to bill for them.</List.Item>
        </Points>
        <Text size="sm">
          It does not cover psychotherapy notes, or records the law protects separately (such as records of treatment
          for substance use). Those are shared only with your separate written permission.
        </Text>
      </Section>

      <Section id="hipaa-purpose" title="Why it is used and shared">
        <Points>
          <List.Item>To plan, provide and follow up on your care and your Thrive program.</List.Item>
          <List.Item>To show you your profile, results and reports in this portal.</List.Item>
          <List.Item>
            To contact you about appointments, results and your program, in the way you prefer to be contacted.
          </List.Item>
          <List.Item>To coordinate your care with the people and organizations listed below.</List.Item>
        </Points>
      </Section>

      <Section id="hipaa-recipients" title="Who may receive it">
        <Points>
          <List.Item>Thrive&apos;s clinical team and the staff who schedule and support your visits.</List.Item>
          <List.Item>Laboratories and partner testing providers that carry out the tests you book.</List.Item>
          <List.Item>Doctors and other health professionals you ask Thrive to share with.</List.Item>
          <List.Item>
            Companies that run the Thrive portal for the clinic, bound by a business associate agreement to protect your
            information and use it only for Thrive.
          </List.Item>
          <List.Item>The emergency contact you name, if you have an emergency at the clinic.</List.Item>
        </Points>
      </Section>

      <Section id="hipaa-expiry" title="How long it lasts">
        <Text size="sm">
          This authorization starts when you accept it and expires three years after that date, unless you revoke it
          sooner.
        </Text>
      </Section>

      <Section id="hipaa-rights" title="Your rights">
        <Points>
          <List.Item>
            <strong>You do not have to sign.</strong> Thrive will not make your treatment, payment, enrollment or
            eligibility for care depend on it. If you prefer not to sign, sign out and contact the clinic: you can still
            receive care in person.
          </List.Item>
          <List.Item>
            <strong>You may revoke this authorization at any time, in writing:</strong> hand a signed letter to the
            clinic&apos;s reception, or write to {writeTo}. The revocation takes effect when Thrive receives it, except
            for what Thrive has already done relying on this authorization.
          </List.Item>
          <List.Item>
            <strong>You have the right to a copy</strong> of this authorization: ask at reception or write to {writeTo}.
          </List.Item>
          <List.Item>
            You may see and get a copy of your health information, and ask for Thrive&apos;s Notice of Privacy
            Practices.
          </List.Item>
          <List.Item>
            Information shared under this authorization with someone who is not bound by federal privacy law may be
            shared again by them and may then no longer be protected by that law.
          </List.Item>
        </Points>
      </Section>

      <Section id="hipaa-signature" title="Your signature">
        <Text size="sm">
          Ticking the box below and accepting is your electronic signature. Thrive records the date and time you accept,
          and that you accepted version {HIPAA_CONSENT_VERSION} of this authorization.
        </Text>
      </Section>
    </Stack>
  );
}
