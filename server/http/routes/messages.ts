import { Router } from 'express';
import type { components } from '@contract';
import type { ListStaffAlertsQuery } from '../../core/contract-types.ts';
import {
  getMessagePreferences,
  listAppointmentMessages,
  listClientMessages,
  listStaffAlerts,
  putMessagePreferences,
} from '../../messages/messages-service.ts';
import { getClinicMessaging, patchClinicMessaging } from '../../messages/clinic-messaging.ts';
import { sendTemporaryPassword } from '../../users/password-reset.ts';
import { callerOf } from '../authenticate.ts';
import type { AppDependencies } from '../dependencies.ts';
import { sendAnswer } from '../send.ts';
import { pathId, validated } from './request.ts';

/**
 * What the clinic sends: a client's messages and an appointment's, the care inboxes' alerts, a clinic's
 * messaging, a client's channels, and an admin's password reset or invitation sent again. (The one-click
 * unsubscribe needs no sign-in: unsubscribe.ts.)
 */
export function messageRoutes({ db, identityAdmin, now = () => new Date() }: AppDependencies): Router {
  const router = Router();

  router.get('/clients/:id/messages', async (req, res) => {
    res.json(await listClientMessages(db, callerOf(res), pathId(req)));
  });

  router.get('/appointments/:id/messages', async (req, res) => {
    res.json(await listAppointmentMessages(db, callerOf(res), pathId(req)));
  });

  router.get('/messages/staff-alerts', async (req, res) => {
    res.json(await listStaffAlerts(db, callerOf(res), validated<ListStaffAlertsQuery>(req.query)));
  });

  router.get('/clinics/:id/messaging', async (req, res) => {
    res.json(await getClinicMessaging(db, callerOf(res), pathId(req)));
  });

  router.patch('/clinics/:id/messaging', async (req, res) => {
    const patch = validated<components['schemas']['ClinicMessagingPatch']>(req.body);
    sendAnswer(res, await patchClinicMessaging(db, callerOf(res), pathId(req), patch));
  });

  router.get('/clients/:id/message-preferences', async (req, res) => {
    res.json(await getMessagePreferences(db, callerOf(res), pathId(req)));
  });

  router.put('/clients/:id/message-preferences', async (req, res) => {
    const preferences = validated<components['schemas']['MessagePreferences']>(req.body);
    sendAnswer(res, await putMessagePreferences(db, callerOf(res), pathId(req), preferences));
  });

  router.post('/users/users/:id/password-reset', async (req, res) => {
    const deps = { db, identityAdmin, now };
    sendAnswer(res, await sendTemporaryPassword(deps, callerOf(res), pathId(req), 'temporary_password'));
  });

  router.post('/users/users/:id/invitation', async (req, res) => {
    const deps = { db, identityAdmin, now };
    sendAnswer(res, await sendTemporaryPassword(deps, callerOf(res), pathId(req), 'invitation'));
  });

  return router;
}
