/**
 * The contract's operations, wired to the services. Requests reaching these
 * handlers have passed the contract's validation, so their query and body
 * have the contract's shapes (with its defaults applied).
 */
import { Router, type Request } from 'express';
import type {
  AddendumCreate,
  AppointmentCreate,
  AppointmentPatch,
  AssessmentCreate,
  EnrollmentCreate,
  EnrollmentPatch,
  GetProgramQuery,
  ListAuditEventsQuery,
  GetScheduleQuery,
  ListAppointmentsQuery,
  ListAssessmentsQuery,
  ListEnrollmentsQuery,
  ListProgramsQuery,
  ListResourcesQuery,
  ListSlotsQuery,
  ListSupportThreadsQuery,
  ListUsersQuery,
  ListVisitsQuery,
  ProfilePatch,
  SupportMessageCreate,
  SupportThreadCreate,
  SearchClientsQuery,
  SessionEnd,
  UserCreate,
  UserPatch,
  UserSearch,
  VisitDraft,
  VisitSign,
} from '../api-types.ts';
import { createAssessment, listAssessments } from '../assessments/assessments-service.ts';
import { listAuditEvents } from '../audit/audit-feed.ts';
import { callerOf } from '../auth/authenticate.ts';
import { SIGN_OUT_PATH } from '../auth/consent.ts';
import { endSession } from '../auth/sessions.ts';
import type { AppDependencies } from '../dependencies.ts';
import { sendAnswer, sendJsonText } from './answer.ts';
import { readClientAlerts, searchClients } from '../clients/clients-service.ts';
import { listPrograms, readProgram } from '../programs/programs-service.ts';
import {
  changeEnrollment,
  createEnrollment,
  deleteEnrollment,
  listEnrollments,
} from '../enrollments/enrollments-service.ts';
import { etagOfVersion } from './preconditions.ts';
import { etagOf } from '../profiles/profile-store.ts';
import { changeProfile, readProfile } from '../profiles/profiles-service.ts';
import {
  changeAppointment,
  createAppointment,
  getSchedule,
  listAppointments,
  readAppointment,
} from '../scheduling/appointments-service.ts';
import { listSlots, listTests } from '../scheduling/booking-service.ts';
import { listClinics, listResources, listServices } from '../scheduling/catalog.ts';
import { addMessage, createThread, listThreads, readThread } from '../support/support-service.ts';
import { countUsers, createUser, deleteUser, listUsers, readUser, setUserEnabled } from '../users/users-service.ts';
import { addAddendum, listVisits, readVisit, saveVisit, signVisit } from '../visits/visits-service.ts';

/** What the validator let through: the contract's shape, which the generated types describe. */
function validated<T>(value: unknown): T {
  return value as T;
}

function pathId(req: Request): string {
  // The contract makes every id a UUID; ids are stored lower case.
  return String(req.params.id).toLowerCase();
}

export function apiRoutes(deps: AppDependencies): Router {
  const { db, identityAdmin } = deps;
  const now = deps.now ?? (() => new Date());
  const router = Router();

  router.post(SIGN_OUT_PATH, async (req, res) => {
    sendAnswer(res, await endSession(db, callerOf(res), validated<SessionEnd | undefined>(req.body)));
  });

  router.get('/users/users', async (req, res) => {
    res.json(await listUsers(db, callerOf(res), validated<ListUsersQuery>(req.query)));
  });

  // Search text names people: it comes in the body, never in the address (which proxies and browsers log).
  router.post('/users/users/search', async (req, res) => {
    res.json(await listUsers(db, callerOf(res), validated<UserSearch>(req.body)));
  });

  router.post('/users/users', async (req, res) => {
    sendAnswer(res, await createUser({ db, identityAdmin }, callerOf(res), validated<UserCreate>(req.body)));
  });

  router.get('/users/users/:id', async (req, res) => {
    res.json(await readUser({ db, identityAdmin }, callerOf(res), pathId(req)));
  });

  router.delete('/users/users/:id', async (req, res) => {
    await deleteUser({ db, identityAdmin }, callerOf(res), pathId(req));
    res.status(204).end();
  });

  router.patch('/users/users/:id', async (req, res) => {
    const { enabled } = validated<UserPatch>(req.body);
    sendAnswer(res, await setUserEnabled({ db, identityAdmin }, callerOf(res), pathId(req), enabled));
  });

  router.get('/users/audit-events', async (req, res) => {
    res.json(await listAuditEvents(db, callerOf(res), validated<ListAuditEventsQuery>(req.query)));
  });

  router.get('/users/role-counts', async (_req, res) => {
    res.json(await countUsers(db, callerOf(res)));
  });

  router.get('/users/user-profiles/:id', async (req, res) => {
    const profile = await readProfile(db, callerOf(res), pathId(req));
    res.set('ETag', etagOf(profile)).json(profile);
  });

  router.patch('/users/user-profiles/:id', async (req, res) => {
    const answer = await changeProfile({ db, identityAdmin, now }, callerOf(res), {
      userId: pathId(req),
      patch: validated<ProfilePatch>(req.body),
      ifMatch: req.get('if-match'),
    });
    sendAnswer(res, answer);
  });

  router.get('/users/user-program-enrollments', async (req, res) => {
    res.json(await listEnrollments(db, callerOf(res), validated<ListEnrollmentsQuery>(req.query)));
  });

  router.post('/users/user-program-enrollments', async (req, res) => {
    sendAnswer(res, await createEnrollment(db, callerOf(res), validated<EnrollmentCreate>(req.body)));
  });

  router.patch('/users/user-program-enrollments/:id', async (req, res) => {
    const answer = await changeEnrollment(db, callerOf(res), {
      id: pathId(req),
      patch: validated<EnrollmentPatch>(req.body),
      ifMatch: req.get('if-match'),
    });
    sendAnswer(res, answer);
  });

  router.delete('/users/user-program-enrollments/:id', async (req, res) => {
    await deleteEnrollment(db, callerOf(res), pathId(req));
    res.status(204).end();
  });

  router.get('/clinics', async (_req, res) => {
    res.json(await listClinics(db, callerOf(res)));
  });

  router.get('/resources', async (req, res) => {
    res.json(await listResources(db, callerOf(res), validated<ListResourcesQuery>(req.query)));
  });

  router.get('/services', async (_req, res) => {
    res.json(await listServices(db, callerOf(res)));
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

  router.get('/tests', async (_req, res) => {
    res.json(await listTests(db, callerOf(res)));
  });

  router.get('/slots', async (req, res) => {
    res.json(await listSlots({ db, now }, callerOf(res), validated<ListSlotsQuery>(req.query)));
  });

  router.get('/support/threads', async (req, res) => {
    res.json(await listThreads(db, callerOf(res), validated<ListSupportThreadsQuery>(req.query)));
  });

  router.post('/support/threads', async (req, res) => {
    sendAnswer(res, await createThread({ db, now }, callerOf(res), validated<SupportThreadCreate>(req.body)));
  });

  router.get('/support/threads/:id', async (req, res) => {
    res.json(await readThread(db, callerOf(res), pathId(req)));
  });

  router.post('/support/threads/:id/messages', async (req, res) => {
    const answer = await addMessage({ db, now }, callerOf(res), {
      threadId: pathId(req),
      body: validated<SupportMessageCreate>(req.body),
    });
    sendAnswer(res, answer);
  });

  router.get('/visits', async (req, res) => {
    res.json(await listVisits(db, callerOf(res), validated<ListVisitsQuery>(req.query)));
  });

  router.get('/visits/:id', async (req, res) => {
    const visit = await readVisit(db, callerOf(res), pathId(req));
    res.set('ETag', etagOfVersion(visit.version)).json(visit);
  });

  router.put('/visits/:id', async (req, res) => {
    const answer = await saveVisit({ db, now }, callerOf(res), {
      id: pathId(req),
      draft: validated<VisitDraft>(req.body),
      ifMatch: req.get('if-match'),
    });
    sendAnswer(res, answer);
  });

  router.post('/visits/:id/sign', async (req, res) => {
    const answer = await signVisit({ db, now }, callerOf(res), {
      id: pathId(req),
      body: validated<VisitSign>(req.body),
      ifMatch: req.get('if-match'),
    });
    sendAnswer(res, answer);
  });

  router.post('/visits/:id/addenda', async (req, res) => {
    sendAnswer(
      res,
      await addAddendum({ db, now }, callerOf(res), {
        visitId: pathId(req),
        body: validated<AddendumCreate>(req.body),
      }),
    );
  });

  router.get('/assessments', async (req, res) => {
    res.json(await listAssessments(db, callerOf(res), validated<ListAssessmentsQuery>(req.query)));
  });

  router.post('/assessments', async (req, res) => {
    sendAnswer(res, await createAssessment({ db, now }, callerOf(res), validated<AssessmentCreate>(req.body)));
  });

  router.get('/clients/search', async (req, res) => {
    res.json(await searchClients(db, callerOf(res), validated<SearchClientsQuery>(req.query), now()));
  });

  router.get('/clients/:id/alerts', async (req, res) => {
    res.json(await readClientAlerts(db, callerOf(res), pathId(req)));
  });

  router.get('/programs', async (req, res) => {
    res.json(await listPrograms(db, callerOf(res), validated<ListProgramsQuery>(req.query), now()));
  });

  router.get('/programs/:id', async (req, res) => {
    res.json(await readProgram(db, callerOf(res), pathId(req), validated<GetProgramQuery>(req.query), now()));
  });

  return router;
}
