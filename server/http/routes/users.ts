import { Router } from 'express';
import { listAuditEvents } from '../../audit/audit-feed.ts';
import type {
  ListAuditEventsQuery,
  ListUsersQuery,
  UserCreate,
  UserPatch,
  UserSearch,
} from '../../core/contract-types.ts';
import { countUsers, createUser, deleteUser, listUsers, readUser, setUserEnabled } from '../../users/users-service.ts';
import { callerOf } from '../authenticate.ts';
import type { AppDependencies } from '../dependencies.ts';
import { sendAnswer } from '../send.ts';
import { pathId, validated } from './request.ts';

/** The accounts: the user list and its search, one user, creating, disabling and deleting, counts, the audit trail. */
export function userRoutes({ db, identityAdmin }: AppDependencies): Router {
  const router = Router();

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

  return router;
}
