/**
 * The contract's operations, wired to the services: one router per resource.
 * Requests reaching these handlers have passed the contract's validation, so
 * their query and body have the contract's shapes (with its defaults applied).
 */
import { Router } from 'express';
import type { AppDependencies } from '../dependencies.ts';
import { enrollmentRoutes } from './enrollments.ts';
import { journeyRoutes } from './journey.ts';
import { messageRoutes } from './messages.ts';
import { profileRoutes } from './profiles.ts';
import { resultRoutes } from './results.ts';
import { schedulingRoutes } from './scheduling.ts';
import { sessionRoutes } from './sessions.ts';
import { supportRoutes } from './support.ts';
import { userRoutes } from './users.ts';
import { visitRoutes } from './visits.ts';

export function apiRoutes(deps: AppDependencies): Router {
  const router = Router();
  for (const routes of [
    sessionRoutes,
    userRoutes,
    profileRoutes,
    enrollmentRoutes,
    schedulingRoutes,
    supportRoutes,
    visitRoutes,
    journeyRoutes,
    resultRoutes,
    messageRoutes,
  ]) {
    router.use(routes(deps));
  }
  return router;
}
