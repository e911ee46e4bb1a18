import express, { Router } from 'express';
import { badRequest } from '../../core/problem.ts';
import { unsubscribeOneClick } from '../../messages/messages-service.ts';
import type { AppDependencies } from '../dependencies.ts';
import { sendAnswer } from '../send.ts';

/** The contract's token: 32 random bytes, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * RFC 8058's one-click unsubscribe: a mail client posts `List-Unsubscribe=One-Click`, form-encoded, to the
 * address in a reminder's `List-Unsubscribe` header, without signing in: the token in the address is the
 * proof. Mounted before authentication, so it checks its own request against the contract's shape.
 */
export function unsubscribeRoutes({ db }: AppDependencies): Router {
  const router = Router();
  router.post('/messages/unsubscribe', express.urlencoded({ extended: false, limit: '1kb' }), async (req, res) => {
    const token = req.query.token;
    const body: unknown = req.body;
    const oneClick =
      typeof body === 'object' &&
      body !== null &&
      (body as Record<string, unknown>)['List-Unsubscribe'] === 'One-Click';
    if (typeof token !== 'string' || !TOKEN.test(token) || !oneClick) {
      throw badRequest('Post List-Unsubscribe=One-Click to the address the e-mail gave.', [
        ...(typeof token === 'string' && TOKEN.test(token) ? [] : [{ field: 'query.token', message: 'not a token' }]),
        ...(oneClick ? [] : [{ field: 'body.List-Unsubscribe', message: 'must be One-Click' }]),
      ]);
    }
    sendAnswer(res, await unsubscribeOneClick(db, token));
  });
  return router;
}
