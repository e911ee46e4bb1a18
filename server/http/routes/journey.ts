import { Router } from 'express';
import { createAssessment, listAssessments, recordWellbeingContact } from '../../assessments/assessments-service.ts';
import { readClientAlerts, searchClients } from '../../clients/clients-service.ts';
import type {
  AssessmentCreate,
  GetProgramQuery,
  ListAssessmentsQuery,
  ListProgramsQuery,
  ClientSearch,
  WellbeingContactCreate,
} from '../../core/contract-types.ts';
import { listPrograms, readProgram } from '../../programs/programs-service.ts';
import { callerOf } from '../authenticate.ts';
import type { AppDependencies } from '../dependencies.ts';
import { sendAnswer } from '../send.ts';
import { pathId, validated } from './request.ts';

/** The client's journey as staff find and follow it: assessments, discovery, alerts, programs. */
export function journeyRoutes(deps: AppDependencies): Router {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const router = Router();

  router.get('/assessments', async (req, res) => {
    res.json(await listAssessments(db, callerOf(res), validated<ListAssessmentsQuery>(req.query)));
  });

  router.post('/assessments', async (req, res) => {
    sendAnswer(res, await createAssessment({ db, now }, callerOf(res), validated<AssessmentCreate>(req.body)));
  });

  router.post('/assessments/:id/contacts', async (req, res) => {
    const answer = await recordWellbeingContact({ db, now }, callerOf(res), {
      assessmentId: pathId(req),
      body: validated<WellbeingContactCreate>(req.body),
    });
    sendAnswer(res, answer);
  });

  // Search text names people: it comes in the body, never in the address (which proxies and browsers log).
  router.post('/clients/search', async (req, res) => {
    res.json(await searchClients(db, callerOf(res), validated<ClientSearch>(req.body), now()));
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
