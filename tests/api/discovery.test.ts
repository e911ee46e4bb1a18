/**
 * Discovery over HTTP: finding a client by a fragment of the name, the
 * e-mail or the phone number (whatever punctuation it is typed with), with
 * age, consent and next appointment in the answer; a client's alerts from
 * its visits; and who may do either.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { instantAt, addDays, wallClockAt } from '@contract';
import { exampleVisit } from '@contract';
import { generateClients } from '../../scripts/demo/clients.ts';
import { api, idOf, stack, type Actor, type Problem, type Schemas, CURRENT } from '../support/api-client.ts';
import { auditSince, newestAuditId } from '../support/audit-trail.ts';

type SearchList = Schemas['ClientSearchList'];
type Alerts = Schemas['ClientAlerts'];

const clients = generateClients(stack.generatedClients);
/** These tests look at clients 100 to 109 (others chart and book clients below 100). */
const found = clients[100]!;
const ZONE = 'Asia/Kolkata';

function search(q: string, as: Actor = 'nurse') {
  return api<SearchList & Problem>('POST', '/clients/search', { as, body: { q } });
}

async function idsFound(q: string): Promise<string[]> {
  const answer = await search(q);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.results.map((item) => item.id);
}

describe('searching clients', () => {
  it('finds a client by part of the name, in any case and order', async () => {
    expect(await idsFound(found.lastName.slice(0, 4).toUpperCase())).toContain(found.id);
    expect(await idsFound(`${found.lastName} ${found.firstName.slice(0, 3)}`)).toContain(found.id);
    expect(await idsFound(`${found.firstName} Zzyzx`)).not.toContain(found.id);
  });

  it('finds a client by part of the e-mail', async () => {
    expect(await idsFound(found.email.slice(0, 11))).toEqual([found.id]);
  });

  it('finds a client by part of the phone number, whatever punctuation it is typed with', async () => {
    const digits = found.phone!.slice(3, 11);
    for (const typed of [
      digits,
      `${digits.slice(0, 5)} ${digits.slice(5)}`,
      `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
    ]) {
      expect(await idsFound(typed), typed).toContain(found.id);
    }
    expect(await idsFound(`+${found.phone!.slice(1, 3)} ${found.phone!.slice(3, 8)}`)).toContain(found.id);
  });

  it('finds a client by the name and phone number just changed, and no longer by the old ones', async () => {
    const renamed = clients[101]!;
    const oldPhoneDigits = renamed.phone!.slice(3, 11);
    expect(await idsFound(oldPhoneDigits)).toContain(renamed.id);
    const changed = await api<Schemas['Profile'] & Problem>('PATCH', `/users/user-profiles/${renamed.id}`, {
      as: 'reception',
      body: { last_name: 'Quillfeather', phone_number: '+918043219876', alternate_phone: null },
      ifMatch: CURRENT,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await idsFound('quillfeath')).toEqual([renamed.id]);
    expect(await idsFound('(80) 4321-98')).toContain(renamed.id);
    expect(await idsFound(`${renamed.lastName} ${renamed.firstName}`)).not.toContain(renamed.id);
    expect(await idsFound(oldPhoneDigits)).not.toContain(renamed.id);
  });

  it('answers with age, phone, consent and the next appointment, names beginning with the text first', async () => {
    const clinics = await api<Schemas['ClinicList']>('GET', '/clinics', { as: 'reception' });
    const bengaluru = clinics.body.results.find((clinic) => clinic.name === 'Thrive Bengaluru')!;
    const resources = await api<Schemas['ResourceList']>('GET', `/resources?clinic=${bengaluru.id}`, { as: 'nurse' });
    const services = await api<Schemas['ServiceList']>('GET', '/services', { as: 'nurse' });
    const day = addDays(wallClockAt(new Date(), ZONE).date, 40);
    const booked = await api<Schemas['Appointment']>('POST', '/appointments', {
      as: 'reception',
      body: {
        client_id: found.id,
        resource_id: resources.body.results.find((item) => item.name === 'PEMF room')!.id,
        service_id: services.body.results.find((item) => item.name === 'PEMF session')!.id,
        starts_at: instantAt(`${day} 09:00`, ZONE).toISOString(),
      },
    });
    expect(booked.status).toBe(201);

    const answer = await search(found.email.slice(0, 11));
    const [result] = answer.body.results;
    const age = Math.floor((Date.now() - Date.parse(found.dateOfBirth!)) / (365.25 * 24 * 60 * 60 * 1000));
    expect(result).toMatchObject({
      id: found.id,
      first_name: found.firstName,
      last_name: found.lastName,
      phone_number: found.phone,
      date_of_birth: found.dateOfBirth,
      age,
      hipaa_consent: found.hipaaConsent,
    });
    // The client's clinic is in the profile's work section, which a nurse does not read; reception does.
    expect(result).not.toHaveProperty('clinic');
    const byReception = await search(found.email.slice(0, 11), 'reception');
    expect(byReception.body.results[0]).toMatchObject({ id: found.id, clinic: 'Thrive Bengaluru' });
    expect(result?.next_appointment).toMatchObject({
      id: booked.body.id,
      service_name: 'PEMF session',
      status: 'booked',
    });
    expect(Date.parse(result!.next_appointment!.starts_at)).toBe(Date.parse(booked.body.starts_at));

    const named = await search(found.firstName.slice(0, 3));
    const starts = named.body.results.map((item) =>
      [item.first_name, item.last_name].some((name) =>
        name.toLowerCase().startsWith(found.firstName.slice(0, 3).toLowerCase()),
      ),
    );
    expect(starts.indexOf(false) === -1 || !starts.slice(starts.indexOf(false)).includes(true)).toBe(true);
  });

  it('finds clients only, at most `limit`, and nothing for a text that matches no one', async () => {
    // Staff are not clients, and not found.
    expect((await search('nurse@thrive.test')).body.results.map((item) => item.id)).not.toContain(idOf('nurse'));
    expect(await idsFound('client2@thrive')).toContain(idOf('client2'));
    const few = await api<SearchList>('POST', '/clients/search', { as: 'doctor', body: { q: 'client-0', limit: 3 } });
    expect(few.body.results).toHaveLength(3);
    expect(few.body.truncated).toBe(true);
    expect((await search('zzzzqqq')).body).toEqual({ results: [], truncated: false });
    expect(await idsFound('100%')).toEqual([]);
  });

  it('refuses a search without a text, and says which field', async () => {
    const answer = await api<Problem>('POST', '/clients/search', { as: 'nurse', body: {} });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.map((error) => error.field)).toContain('body.q');
  });

  it('takes the text only in the body: an address with it is not an operation', async () => {
    expect((await api('GET', '/clients/search?q=client2', { as: 'nurse' })).status).toBe(405);
  });
});

describe('a client’s alerts', () => {
  const client = clients.slice(101).find((item) => item.hipaaConsent)!;
  let visitId: string;

  beforeAll(async () => {
    visitId = randomUUID();
    const draft = exampleVisit('iv', { clientId: client.id });
    const answer = await api<Schemas['Visit']>('PUT', `/visits/${visitId}`, {
      as: 'nurse',
      body: {
        ...draft,
        contraindications: {
          answers: { ...draft.contraindications!.answers, fever: true },
          override_reason: 'Temperature 37.6, doctor agreed to go ahead.',
        },
        reactions: [
          { id: randomUUID(), what: 'Bruising at the site', severity: 'mild', occurred_at: new Date().toISOString() },
        ],
      },
    });
    if (answer.status !== 201) throw new Error(`Charting the visit failed: ${JSON.stringify(answer.body)}`);
  });

  it('lists every contraindication answered yes and every reaction, with consent', async () => {
    const answer = await api<Alerts>('GET', `/clients/${client.id}/alerts`, { as: 'doctor' });
    expect(answer.status).toBe(200);
    expect(answer.body.hipaa_consent).toBe(true);
    expect(answer.body.contraindications).toEqual([
      expect.objectContaining({
        visit_id: visitId,
        therapy: 'iv',
        visit_state: 'draft',
        question: 'fever',
        label: 'Fever or an active infection today',
        override_reason: 'Temperature 37.6, doctor agreed to go ahead.',
      }),
    ]);
    expect(answer.body.reactions).toEqual([
      expect.objectContaining({ visit_id: visitId, what: 'Bruising at the site', severity: 'mild', action: null }),
    ]);
  });

  it('answers reception, coaches and nutritionists the consent, never the clinical alerts', async () => {
    for (const as of ['reception', 'coach', 'nutrition'] as const) {
      const answer = await api<Alerts>('GET', `/clients/${client.id}/alerts`, { as });
      expect(answer.body, as).toEqual({ client_id: client.id, hipaa_consent: true });
    }
  });

  it('says when consent is missing, with nothing else to report', async () => {
    const unconsented = clients.slice(101).find((item) => !item.hipaaConsent)!;
    const answer = await api<Alerts>('GET', `/clients/${unconsented.id}/alerts`, { as: 'nurse' });
    expect(answer.body).toEqual({
      client_id: unconsented.id,
      hipaa_consent: false,
      contraindications: [],
      reactions: [],
    });
  });
});

describe('who may look clients up', () => {
  const STATUS: Record<Actor, number> = {
    super: 200,
    admin: 403,
    nurse: 200,
    reception: 200,
    doctor: 200,
    coach: 200,
    nutrition: 200,
    client: 403,
    client2: 403,
    norole: 403,
  };

  it('the hub staff group searches and reads alerts; ADMIN, clients and an account without a role do not', async () => {
    for (const [as, status] of Object.entries(STATUS) as [Actor, number][]) {
      expect((await search('client-01', as)).status, `${as} searches`).toBe(status);
      expect((await api('GET', `/clients/${found.id}/alerts`, { as })).status, `${as} reads alerts`).toBe(status);
    }
  });

  it('alerts only of clients', async () => {
    const nurse = await api('GET', `/clients/${found.id.replace(/.$/, '0')}/alerts`, { as: 'nurse' });
    expect([403, 404]).toContain(nurse.status);
  });

  it('records every search in the audit trail, never the text searched', async () => {
    const after = await newestAuditId();
    expect((await search('audit-me-please')).status).toBe(200);
    const searches = await auditSince(after, 'action=clients.search');
    expect(searches).toEqual([
      expect.objectContaining({ actor_id: idOf('nurse'), action: 'clients.search', outcome: 'success', fields: [] }),
    ]);
    expect(JSON.stringify(searches)).not.toContain('audit-me-please');
  });
});
