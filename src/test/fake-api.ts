/**
 * One fake of the Thrive API for component tests: handlers per contract path
 * and method, typed from the contract (`paths` of @contract), and a record of
 * every call. It stands behind the app's one API client (initApi), so
 * components, queries and middleware run as they do against the server.
 *
 *   const api = installFakeApi({
 *     'GET /users/users/{id}': ({ params }) => detailOf(params.id),
 *     'PATCH /users/user-profiles/{id}': () => problem(412, 'The profile has changed'),
 *   });
 *   ...
 *   expect(api.callsTo('PATCH /users/user-profiles/{id}')[0]?.body).toEqual({ city: 'Pune' });
 */
import type { components, paths } from '@contract';
import { noteUnhandledRoute } from './unhandled-routes';
import { initApi } from '@/lib/api';

type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';
type ContractPath = keyof paths;

/** The methods the contract defines on a path. */
type MethodsOf<P extends ContractPath> = {
  [M in HttpMethod]: [paths[P][M]] extends [undefined] ? never : M;
}[HttpMethod];

type Operation<P extends ContractPath, M extends HttpMethod> = NonNullable<paths[P][M]>;

/** 'GET /users/users/{id}', for every operation of the contract. */
export type Route = {
  [P in ContractPath]: { [M in MethodsOf<P>]: `${Uppercase<M>} ${P}` }[MethodsOf<P>];
}[ContractPath];

type PathOf<R extends Route> = R extends `${string} ${infer P extends ContractPath}` ? P : never;
type MethodOf<R extends Route> = R extends `${infer M} ${string}`
  ? Lowercase<M> extends HttpMethod
    ? Lowercase<M>
    : never
  : never;
type OperationOf<R extends Route> = Operation<PathOf<R>, MethodOf<R>>;

type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : undefined;

/** The JSON body the operation takes. */
export type RequestBodyOf<R extends Route> =
  OperationOf<R> extends { requestBody?: infer Body } ? JsonContent<NonNullable<Body>> : undefined;

/** The operation's path parameters ({ id }), or an empty object. */
export type PathParamsOf<R extends Route> =
  OperationOf<R> extends { parameters: { path?: infer Params } }
    ? [NonNullable<Params>] extends [never]
      ? Record<string, never>
      : NonNullable<Params>
    : Record<string, never>;

type SuccessStatus = 200 | 201 | 202 | 204;

/** What the operation answers on success: its JSON body, or undefined for 204 No Content. */
export type SuccessBodyOf<R extends Route> =
  OperationOf<R> extends { responses: infer Responses }
    ? { [S in keyof Responses & SuccessStatus]: JsonContent<Responses[S]> }[keyof Responses & SuccessStatus]
    : never;

/** One request as a handler sees it. */
export interface FakeRequest<R extends Route> {
  params: PathParamsOf<R>;
  query: URLSearchParams;
  headers: Headers;
  body: RequestBodyOf<R>;
}

/**
 * A handler answers with the operation's success body (sent as JSON: 201 for
 * a POST, else 200; no body at all, 204, for undefined), or with a Response of
 * its own (problem() for a refusal). Throwing, or rejecting, is a network
 * failure (see unreachable()).
 */
export type Handler<R extends Route> = (
  request: FakeRequest<R>,
) => SuccessBodyOf<R> | Response | Promise<SuccessBodyOf<R> | Response>;

export type Handlers = { [R in Route]?: Handler<R> };

/** One call the fake received, as sent. */
export interface RecordedCall<R extends Route = Route> {
  route: R;
  /** The concrete path under the API base, e.g. /users/users/5f0c…. */
  path: string;
  params: PathParamsOf<R>;
  query: URLSearchParams;
  headers: Headers;
  body: RequestBodyOf<R>;
}

export const FAKE_API_BASE = 'http://thrive.test/api/v1';

export interface FakeApi {
  /** The fetch to give initApi. */
  fetch: (request: Request) => Promise<Response>;
  /** Every call received, in order (unanswered ones included). */
  readonly calls: readonly RecordedCall[];
  /** The calls to one operation, in order. */
  callsTo<R extends Route>(route: R): RecordedCall<R>[];
  /** Sets (or replaces) the handler of one operation. */
  on<R extends Route>(route: R, handler: Handler<R>): void;
}

type Problem = components['schemas']['Problem'];

/** An application/problem+json answer, as the server refuses a request. */
export function problem(status: number, detail: string, errors?: Problem['errors']): Response {
  const body: Problem = { type: 'about:blank', title: detail, status, detail, ...(errors ? { errors } : {}) };
  return Response.json(body, { status, headers: { 'content-type': 'application/problem+json' } });
}

/** A handler's answer when the server cannot be reached: fetch rejects, as the browser's does. */
export function unreachable(): Promise<never> {
  return Promise.reject(new TypeError('Failed to fetch'));
}

interface CompiledRoute {
  route: Route;
  method: string;
  pattern: RegExp;
  names: string[];
}

function compile(route: Route): CompiledRoute {
  const [method = '', template = ''] = route.split(' ');
  const names: string[] = [];
  const source = template
    .split('/')
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      if (!param?.[1]) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(param[1]);
      return '([^/]+)';
    })
    .join('/');
  return { route, method, pattern: new RegExp(`^${source}$`), names };
}

/** A JSON body parsed; a file (a lab's PDF) as its bytes. */
async function bodyOf(request: Request): Promise<unknown> {
  if (!(request.headers.get('content-type') ?? 'json').includes('json')) {
    const bytes = new Uint8Array(await request.arrayBuffer());
    return bytes.length === 0 ? undefined : bytes;
  }
  const text = await request.text();
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

/** A request to an operation the test gave no handler: a mistake in the test, never an answer of the server. */
class UnhandledRouteError extends Error {
  override name = 'UnhandledRouteError';
}

/**
 * A fake API answering with `handlers`. A request to any other operation rejects with UnhandledRouteError, and the
 * test that made it fails (src/test/setup.ts): a test that means a 404 says so with a handler answering problem(404).
 */
export function createFakeApi(initial: Handlers = {}): FakeApi {
  const handlers = new Map<Route, (request: FakeRequest<Route>) => unknown>();
  const compiled: CompiledRoute[] = [];
  const calls: RecordedCall[] = [];

  function on<R extends Route>(route: R, handler: Handler<R>): void {
    if (!handlers.has(route)) compiled.push(compile(route));
    handlers.set(route, handler);
  }

  for (const [route, handler] of Object.entries(initial) as [Route, Handler<Route>][]) on(route, handler);

  async function fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.startsWith(new URL(FAKE_API_BASE).pathname)
      ? url.pathname.slice(new URL(FAKE_API_BASE).pathname.length)
      : url.pathname;
    const body = await bodyOf(request.clone());
    const match = compiled
      .map((candidate) => ({ candidate, found: candidate.pattern.exec(path) }))
      .find(({ candidate, found }) => candidate.method === request.method && found !== null);
    const params: Record<string, string> = {};
    match?.candidate.names.forEach((name, index) => {
      params[name] = decodeURIComponent(match.found?.[index + 1] ?? '');
    });
    const route = match?.candidate.route ?? (`${request.method} ${path}` as Route);
    const call = { route, path, params, query: url.searchParams, headers: request.headers, body } as RecordedCall;
    calls.push(call);

    const handler = match ? handlers.get(match.candidate.route) : undefined;
    if (!handler) {
      const unhandled = `${request.method} ${path}${url.search}`;
      noteUnhandledRoute(unhandled);
      throw new UnhandledRouteError(`The fake API has no handler for ${unhandled}`);
    }
    const answer = await handler({
      params,
      query: url.searchParams,
      headers: request.headers,
      body,
    } as FakeRequest<Route>);
    if (answer instanceof Response) return answer;
    if (answer === undefined) return new Response(null, { status: 204 });
    return Response.json(answer, { status: request.method === 'POST' ? 201 : 200 });
  }

  return {
    fetch,
    calls,
    callsTo: <R extends Route>(route: R) => calls.filter((call): call is RecordedCall<R> => call.route === route),
    on,
  };
}

/** A fake API with `handlers`, installed as the app's API client (signed in with a well-formed token). */
export function installFakeApi(handlers: Handlers = {}): FakeApi {
  const api = createFakeApi(handlers);
  initApi({ baseUrl: FAKE_API_BASE, getAccessToken: () => Promise.resolve('a.b.c'), fetch: api.fetch });
  return api;
}

/**
 * Before each test (src/test/setup.ts): a fake API that handles nothing, so a test that installs none of its own
 * fails on any request it makes, whichever test ran before it in the same worker.
 */
export function installEmptyFakeApi(): void {
  installFakeApi();
}
