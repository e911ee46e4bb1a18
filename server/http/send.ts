/** Writing answers and problems to the response: the one place the transport turns results into HTTP. */
import type { Response } from 'express';
import type { Answer, JsonText } from '../core/answer.ts';
import { PROBLEM_CONTENT_TYPE, type HttpProblem } from '../core/problem.ts';

export function sendAnswer(res: Response, answer: Answer): void {
  res.status(answer.status).set(answer.headers ?? {});
  if (answer.body === undefined || answer.body === null) res.end();
  else res.json(answer.body);
}

/**
 * Sends JSON text as the answer. The text goes to the socket as it is: a week's schedule is some 400 KB, and a
 * copy of it in a Buffer for each answer (as `res.send` makes) brought the API's garbage collector in every
 * few requests. When answers are checked against the contract (`validateResponses`), it goes through `res.json`
 * as an object, so the check sees it like any other answer.
 */
export function sendJsonText(res: Response, body: JsonText, { validating }: { validating: boolean }): void {
  if (validating) {
    res.json(JSON.parse(body.json));
    return;
  }
  res.type('application/json').set('Content-Length', String(Buffer.byteLength(body.json)));
  res.end(body.json);
}

export function sendProblem(res: Response, problem: HttpProblem): void {
  res.status(problem.status).set(problem.headers).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem.toJSON()));
}
