import { Router } from 'express';
import type { components } from '@contract';
import { etagOfVersion } from '../../core/preconditions.ts';
import { createAdvice, listAdvices, updateAdvice, type ListAdvicesQuery } from '../../results/advice-service.ts';
import { importResult } from '../../results/fhir-import.ts';
import { attachReport, readReport } from '../../results/report-service.ts';
import {
  createResult,
  listResults,
  readResult,
  releaseResult,
  type ListResultsQuery,
} from '../../results/results-service.ts';
import { callerOf } from '../authenticate.ts';
import type { AppDependencies } from '../dependencies.ts';
import { sendAnswer } from '../send.ts';
import { pathId, validated } from './request.ts';

type Schemas = components['schemas'];

/** Lab results (entered, imported, released) and the care team's advice. */
export function resultRoutes(deps: AppDependencies): Router {
  const { db, reportFiles } = deps;
  const now = deps.now ?? (() => new Date());
  const router = Router();

  router.get('/results', async (req, res) => {
    res.json(await listResults(db, callerOf(res), validated<ListResultsQuery>(req.query)));
  });

  router.post('/results', async (req, res) => {
    sendAnswer(res, await createResult({ db, now }, callerOf(res), validated<Schemas['ResultCreate']>(req.body)));
  });

  router.post('/results/import', async (req, res) => {
    const query = validated<{ client: string; appointment?: string }>(req.query);
    const answer = await importResult({ db, now }, callerOf(res), {
      clientId: query.client.toLowerCase(),
      appointmentId: query.appointment?.toLowerCase(),
      bundle: req.body,
    });
    sendAnswer(res, answer);
  });

  router.get('/results/:id', async (req, res) => {
    const result = await readResult(db, callerOf(res), pathId(req));
    res.set('ETag', etagOfVersion(result.version)).json(result);
  });

  router.post('/results/:id/release', async (req, res) => {
    const body = validated<Schemas['ResultRelease']>(req.body);
    const answer = await releaseResult({ db, now }, callerOf(res), {
      id: pathId(req),
      note: body.note,
      ifMatch: req.get('if-match'),
    });
    sendAnswer(res, answer);
  });

  router.put('/results/:id/report', async (req, res) => {
    // The raw parser (app.ts) made the body a Buffer; any other body is no PDF, and the service says so.
    const pdf = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const answer = await attachReport({ db, reportFiles }, callerOf(res), {
      id: pathId(req),
      pdf,
      ifMatch: req.get('if-match'),
    });
    sendAnswer(res, answer);
  });

  router.get('/results/:id/report', async (req, res) => {
    const { pdf, fileName } = await readReport({ db, reportFiles }, callerOf(res), pathId(req));
    // An attachment: saved, never shown in the API's own origin. Cache-Control: no-store is every answer's (app.ts).
    res.attachment(fileName).type('application/pdf').set('Content-Length', String(pdf.length)).end(pdf);
  });

  router.get('/advices', async (req, res) => {
    res.json(await listAdvices(db, callerOf(res), validated<ListAdvicesQuery>(req.query)));
  });

  router.post('/advices', async (req, res) => {
    sendAnswer(res, await createAdvice({ db, now }, callerOf(res), validated<Schemas['AdviceCreate']>(req.body)));
  });

  router.patch('/advices/:id', async (req, res) => {
    const answer = await updateAdvice({ db, now }, callerOf(res), {
      id: pathId(req),
      patch: validated<Schemas['AdvicePatch']>(req.body),
      ifMatch: req.get('if-match'),
    });
    sendAnswer(res, answer);
  });

  return router;
}
