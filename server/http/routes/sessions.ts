import { Router } from 'express';
import { SIGN_OUT_PATH } from '../../auth/consent.ts';
import { endSession } from '../../auth/sessions.ts';
import type { SessionEnd } from '../../core/contract-types.ts';
import { callerOf } from '../authenticate.ts';
import type { AppDependencies } from '../dependencies.ts';
import { sendAnswer } from '../send.ts';
import { validated } from './request.ts';

export function sessionRoutes({ db }: AppDependencies): Router {
  const router = Router();
  router.post(SIGN_OUT_PATH, async (req, res) => {
    const request = validated<SessionEnd | undefined>(req.body);
    const { tokenIssuedAt } = res.locals;
    if (tokenIssuedAt === undefined) throw new Error('POST /session/logout reached without an authenticated token');
    sendAnswer(res, await endSession(db, callerOf(res), request, tokenIssuedAt));
  });
  return router;
}
