import { Router } from 'express';
import { etagOfVersion } from '../../core/preconditions.ts';
import type {
  AppointmentCreate,
  AppointmentPatch,
  GetScheduleQuery,
  ListAppointmentsQuery,
  ListResourcesQuery,
  ListSlotsQuery,
} from '../../core/contract-types.ts';
import { createAppointment } from '../../scheduling/appointment-booking.ts';
import { changeAppointment } from '../../scheduling/appointment-changes.ts';
import { listSlots, listTests } from '../../scheduling/booking-service.ts';
import { listClinics, listResources, listServices } from '../../scheduling/catalog.ts';
import { getSchedule, listAppointments, readAppointment } from '../../scheduling/staff-schedule.ts';
import { callerOf } from '../authenticate.ts';
import type { AppDependencies } from '../dependencies.ts';
import { sendAnswer, sendJsonText } from '../send.ts';
import { pathId, validated } from './request.ts';

/** The clinics and what they offer, free times, appointments and the week grid. */
export function schedulingRoutes(deps: AppDependencies): Router {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const router = Router();

  router.get('/clinics', async (_req, res) => {
    res.json(await listClinics(db, callerOf(res)));
  });

  router.get('/resources', async (req, res) => {
    res.json(await listResources(db, callerOf(res), validated<ListResourcesQuery>(req.query)));
  });

  router.get('/services', async (_req, res) => {
    res.json(await listServices(db, callerOf(res)));
  });

  router.get('/tests', async (_req, res) => {
    res.json(await listTests(db, callerOf(res)));
  });

  router.get('/slots', async (req, res) => {
    res.json(await listSlots({ db, now }, callerOf(res), validated<ListSlotsQuery>(req.query)));
  });

  router.get('/appointments', async (req, res) => {
    res.json(await listAppointments(db, callerOf(res), validated<ListAppointmentsQuery>(req.query)));
  });

  router.get('/schedule', async (req, res) => {
    const schedule = await getSchedule(db, callerOf(res), validated<GetScheduleQuery>(req.query));
    sendJsonText(res, schedule, { validating: deps.validateResponses === true });
  });

  router.post('/appointments', async (req, res) => {
    sendAnswer(res, await createAppointment({ db, now }, callerOf(res), validated<AppointmentCreate>(req.body)));
  });

  router.get('/appointments/:id', async (req, res) => {
    const appointment = await readAppointment(db, callerOf(res), pathId(req));
    res.set('ETag', etagOfVersion(appointment.version)).json(appointment);
  });

  router.patch('/appointments/:id', async (req, res) => {
    const answer = await changeAppointment({ db, now }, callerOf(res), {
      id: pathId(req),
      patch: validated<AppointmentPatch>(req.body),
      ifMatch: req.get('if-match'),
    });
    sendAnswer(res, answer);
  });

  return router;
}
