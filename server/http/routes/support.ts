import { Router } from 'express';
import type { ListSupportThreadsQuery, SupportMessageCreate, SupportThreadCreate } from '../../core/contract-types.ts';
import { addMessage, createThread, listThreads, readThread } from '../../support/support-service.ts';
import { callerOf } from '../authenticate.ts';
import type { AppDependencies } from '../dependencies.ts';
import { sendAnswer } from '../send.ts';
import { pathId, validated } from './request.ts';

/** Clients' messages to the clinic and the clinic's answers. */
export function supportRoutes(deps: AppDependencies): Router {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const router = Router();

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

  return router;
}
