import { Router } from 'express';
import type { AddendumCreate, ListVisitsQuery, VisitDraft, VisitSign } from '../../core/contract-types.ts';
import { etagOfVersion } from '../../core/preconditions.ts';
import { listVisits, readVisit, saveVisit } from '../../visits/visits-service.ts';
import { addAddendum, signVisit } from '../../visits/visit-signing.ts';
import { callerOf } from '../authenticate.ts';
import type { AppDependencies } from '../dependencies.ts';
import { sendAnswer } from '../send.ts';
import { pathId, validated } from './request.ts';

/** Therapy visits: drafts, sign-off and addenda. */
export function visitRoutes(deps: AppDependencies): Router {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const router = Router();

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
    const answer = await addAddendum({ db, now }, callerOf(res), {
      visitId: pathId(req),
      body: validated<AddendumCreate>(req.body),
    });
    sendAnswer(res, answer);
  });

  return router;
}
