import { Router } from 'express';
import type { ProfilePatch } from '../../core/contract-types.ts';
import { etagOf } from '../../profiles/profile-store.ts';
import { changeProfile, readProfile } from '../../profiles/profiles-service.ts';
import { callerOf } from '../authenticate.ts';
import type { AppDependencies } from '../dependencies.ts';
import { sendAnswer } from '../send.ts';
import { pathId, validated } from './request.ts';

export function profileRoutes(deps: AppDependencies): Router {
  const { db, identityAdmin } = deps;
  const now = deps.now ?? (() => new Date());
  const router = Router();

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

  return router;
}
