import { Router } from 'express';
import type { EnrollmentCreate, EnrollmentPatch, ListEnrollmentsQuery } from '../../core/contract-types.ts';
import {
  changeEnrollment,
  createEnrollment,
  deleteEnrollment,
  listEnrollments,
} from '../../enrollments/enrollments-service.ts';
import { callerOf } from '../authenticate.ts';
import type { AppDependencies } from '../dependencies.ts';
import { sendAnswer } from '../send.ts';
import { pathId, validated } from './request.ts';

export function enrollmentRoutes({ db }: AppDependencies): Router {
  const router = Router();

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

  return router;
}
