/**
 * An admin resets a forgotten password (the product has no self-service
 * reset): a new temporary password is set in the identity service and its
 * e-mail written to the outbox, with the audit record, in one transaction;
 * the user must choose a new password at the next sign-in, and the sessions it
 * had end. An account that never signed in gets its invitation again the same
 * way. The password is in no answer and no log, and leaves the outbox once sent.
 */
import { randomUUID } from 'node:crypto';
import { requireGrant, targetUser } from '../access/grants.ts';
import { cutOffSessions } from '../auth/sessions.ts';
import type { Actor } from '../core/actor.ts';
import type { Answer } from '../core/answer.ts';
import type { AuditEntry } from '../core/audit-trail.ts';
import type { components } from '@contract';
import { operation } from '../core/operation.ts';
import { conflict, notFound } from '../core/problem.ts';
import type { Database } from '../db/database.ts';
import { callIdentityService, generateTemporaryPassword, type IdentityAdmin } from '../identity/identity-admin.ts';
import { messageById } from '../messages/messages-service.ts';
import { writeMessage } from '../messages/outbox.ts';
import { renderMessage } from '../messages/templates.ts';

type Message = components['schemas']['Message'];

/** How long the e-mail is tried: a temporary password is worth sending only while it is fresh. */
const PASSWORD_MAIL_GIVE_UP_MS = 6 * 60 * 60_000;

export interface PasswordResetDeps {
  db: Database;
  identityAdmin: IdentityAdmin;
  now: () => Date;
}

export async function sendTemporaryPassword(
  { db, identityAdmin, now }: PasswordResetDeps,
  caller: Actor,
  id: string,
  kind: 'temporary_password' | 'invitation',
): Promise<Answer<Message>> {
  const entry: AuditEntry = {
    actor: caller,
    action: kind === 'invitation' ? 'users.invitation' : 'users.password-reset',
    resourceType: 'user',
    resourceId: id,
    subjectId: id,
  };
  return operation(db, entry, async (audit) => {
    requireGrant(caller, 'users.reset-password', await targetUser(db, id));
    const identityUser = await callIdentityService(
      () => identityAdmin.getUser(id),
      'The identity service could not be asked about this user.',
    );
    const [user] = await db.query<{ email: string; first_name: string | null }>(
      'SELECT u.email, p.first_name FROM users u LEFT JOIN profiles p ON p.client_id = u.id WHERE u.id = $1',
      [id],
    );
    if (identityUser === null || !user) throw notFound('There is no such user.');
    if (kind === 'invitation' && identityUser.status !== 'FORCE_CHANGE_PASSWORD') {
      throw conflict('This account has signed in already: reset its password instead.');
    }
    const password = generateTemporaryPassword();
    const at = now();
    return db.transaction(async (tx) => {
      const { subject } = renderMessage({
        kind,
        channel: 'email',
        firstName: user.first_name,
        recipientId: id,
        appUrl: '',
        clinic: null,
        appointment: null,
        previousStartsAt: null,
        temporaryPassword: password,
        unsubscribeUrl: null,
        now: at,
      });
      const messageId = await writeMessage(
        tx,
        {
          dedupeKey: `${kind}:${id}:${randomUUID()}`,
          kind,
          channel: 'email',
          recipientId: id,
          address: user.email,
          clinicId: null,
          appointmentId: null,
          payload: { temporary_password: password },
          subject,
          giveUpAt: new Date(at.getTime() + PASSWORD_MAIL_GIVE_UP_MS),
        },
        at,
      );
      if (messageId === null) throw new Error('A new message key was taken');
      // Whoever may know the old password signs in no more with it, nor with the sessions it opened.
      await cutOffSessions(tx, id);
      await callIdentityService(
        () => identityAdmin.setTemporaryPassword(identityUser.username, password),
        'The identity service could not set a new password; nothing was changed or sent.',
      );
      return audit.recordSuccess(tx, { status: 202, body: await messageById(tx, messageId) });
    });
  });
}
