/**
 * Messages between a client and the clinic, over HTTP: a client starts a
 * thread and sees only its own; staff of the hub group see their clinic's open
 * threads and answer them; a thread sent twice (the outbox resending) is kept
 * once; what a message may refer to is the client's own.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateClients } from '../../scripts/demo/clients.ts';
import { api, idOf, stack, type Email, type Problem, type Schemas } from '../support/api-client.ts';

type Thread = Schemas['SupportThread'];

/** Consented generated clients no other file writes for (booking.test.ts takes the last four). */
const [OWNER, OTHER] = generateClients(stack.generatedClients)
  .filter((client) => client.hipaaConsent)
  .slice(-6, -4)
  .map((client) => ({ id: client.id, email: client.email as Email }));

function startThread(as: Email | 'client2' | 'reception', fields: Partial<Schemas['SupportThreadCreate']> = {}) {
  const body = {
    id: randomUUID(),
    message_id: randomUUID(),
    subject: 'Parking',
    text: 'Is there parking near the clinic?',
    ...fields,
  };
  return {
    body,
    send: (key = randomUUID()) =>
      api<Thread & Problem>('POST', '/support/threads', { as, body, headers: { 'idempotency-key': key } }),
  };
}

describe('a client writing to the clinic', () => {
  it('starts a thread to its own clinic, sees it, and a resend keeps it once', async () => {
    const { body, send } = startThread(OWNER!.email);
    const first = await send();
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.thread).toMatchObject({
      id: body.id,
      client_id: OWNER!.id,
      clinic_name: 'Thrive Bengaluru',
      status: 'open',
      message_count: 1,
    });
    expect(first.body.messages).toEqual([expect.objectContaining({ id: body.message_id, from_clinic: false })]);
    // The outbox sends it again under another key (a reload meanwhile): still one thread, one message.
    const again = await send();
    expect(again.status).toBe(200);
    expect(again.body.messages).toHaveLength(1);
    const own = await api<Schemas['SupportThreadList']>('GET', '/support/threads', { as: OWNER!.email });
    expect(own.body.results.filter((thread) => thread.id === body.id)).toHaveLength(1);
    expect(new Set(own.body.results.map((thread) => thread.client_id))).toEqual(new Set([OWNER!.id]));
    // The same ids with other words are another message: refused, nothing written.
    const clash = await api<Problem>('POST', '/support/threads', {
      as: OWNER!.email,
      body: { ...body, text: 'Something else' },
    });
    expect(clash.status).toBe(409);
  });

  it('keeps threads private: another client neither reads, lists nor writes in them', async () => {
    const { body, send } = startThread(OWNER!.email, { subject: 'Private' });
    expect((await send()).status).toBe(201);
    expect((await api('GET', `/support/threads/${body.id}`, { as: OTHER!.email })).status).toBe(403);
    const reply = await api('POST', `/support/threads/${body.id}/messages`, {
      as: OTHER!.email,
      body: { id: randomUUID(), text: 'Me too' },
    });
    expect(reply.status).toBe(403);
    const others = await api<Schemas['SupportThreadList']>('GET', '/support/threads', { as: OTHER!.email });
    expect(others.body.results.map((thread) => thread.id)).not.toContain(body.id);
    // Staff outside the hub group and accounts without a role see nothing.
    for (const who of ['admin', 'norole'] as const) {
      expect((await api('GET', '/support/threads', { as: who })).status, who).toBe(403);
      expect((await api('GET', `/support/threads/${body.id}`, { as: who })).status, who).toBe(403);
    }
  });

  it('names the field of a bad message and writes nothing', async () => {
    const empty = startThread(OWNER!.email, { text: '' });
    const answer = await empty.send();
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.field).toBe('body.text');
    expect((await api('GET', `/support/threads/${empty.body.id}`, { as: OWNER!.email })).status).toBe(404);
    const foreign = startThread(OWNER!.email, { reference: { appointment_id: randomUUID() } });
    const refused = await foreign.send();
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual({
      field: 'body.reference.appointment_id',
      message: 'not one of your appointments',
    });
    expect((await api('GET', `/support/threads/${foreign.body.id}`, { as: OWNER!.email })).status).toBe(404);
  });

  it('is for clients: staff answer threads but do not start them', async () => {
    const { send } = startThread('reception');
    expect((await send()).status).toBe(403);
  });
});

describe('staff of the hub group answering', () => {
  it('see their clinic’s open threads, answer one, and the client sees the answer', async () => {
    const { body, send } = startThread(OTHER!.email, { subject: 'Invoice please' });
    expect((await send()).status).toBe(201);
    const open = await api<Schemas['SupportThreadList']>('GET', '/support/threads?status=open', { as: 'reception' });
    expect(open.status).toBe(200);
    expect(open.body.results.map((thread) => thread.id)).toContain(body.id);
    expect(new Set(open.body.results.map((thread) => thread.status))).toEqual(new Set(['open']));

    const replyId = randomUUID();
    const answer = () =>
      api<Thread>('POST', `/support/threads/${body.id}/messages`, {
        as: 'reception',
        body: { id: replyId, text: 'Sent to your e-mail just now.' },
        headers: { 'idempotency-key': randomUUID() },
      });
    const answered = await answer();
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
    expect(answered.body.thread.status).toBe('answered');
    expect(answered.body.messages.at(-1)).toMatchObject({ from_clinic: true, author_id: idOf('reception') });
    // Sent twice: kept once.
    expect((await answer()).status).toBe(200);

    const seen = await api<Thread>('GET', `/support/threads/${body.id}`, { as: OTHER!.email });
    expect(seen.body.messages.map((message) => message.from_clinic)).toEqual([false, true]);
    const stillOpen = await api<Schemas['SupportThreadList']>('GET', '/support/threads?status=open', {
      as: 'nurse',
    });
    expect(stillOpen.body.results.map((thread) => thread.id)).not.toContain(body.id);

    // The client writes again: open again for the clinic.
    const followUp = await api<Thread>('POST', `/support/threads/${body.id}/messages`, {
      as: OTHER!.email,
      body: { id: randomUUID(), text: 'Got it, thanks!' },
    });
    expect(followUp.body.thread.status).toBe('open');
  });

  it('are refused another clinic’s threads', async () => {
    const clinics = await api<Schemas['ClinicList']>('GET', '/clinics', { as: 'reception' });
    const london = clinics.body.results.find((clinic) => clinic.name === 'Thrive London')!;
    const { body, send } = startThread(OWNER!.email, { clinic_id: london.id, subject: 'London question' });
    expect((await send()).status).toBe(201);
    expect((await api('GET', `/support/threads/${body.id}`, { as: 'reception' })).status).toBe(403);
    const filtered = await api<Problem>('GET', `/support/threads?clinic=${london.id}`, { as: 'nurse' });
    expect(filtered.status).toBe(403);
    expect(filtered.body.errors?.[0]?.field).toBe('query.clinic');
    // The super admin sees every clinic's.
    expect((await api('GET', `/support/threads/${body.id}`, { as: 'super' })).status).toBe(200);
  });

  it('records every read and message in the audit trail with the client as subject', async () => {
    const { body, send } = startThread(OWNER!.email, { subject: 'Audited' });
    expect((await send()).status).toBe(201);
    expect((await api('GET', `/support/threads/${body.id}`, { as: 'doctor' })).status).toBe(200);
    const trail = await api<Schemas['AuditEventList']>(
      'GET',
      `/users/audit-events?subject_id=${OWNER!.id}&page_size=50`,
      { as: 'super' },
    );
    const actions = trail.body.results.filter((event) => event.resource_id === body.id).map((event) => event.action);
    expect(actions).toEqual(expect.arrayContaining(['support.create', 'support.read']));
  });
});
