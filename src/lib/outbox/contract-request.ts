/**
 * The changes a feature may hand the outbox, read from the contract's own
 * types: a method the path has, the path's parameters by name, and the body
 * that operation takes. A change is data once stored (`OutboxRequest`); here,
 * where it is made, the compiler checks it as it checks a direct API call.
 */
import type { paths } from '@contract';
import type { OutboxMethod } from './model';

type BodyOf<Operation> = Operation extends { requestBody: { content: { 'application/json': infer Body } } }
  ? { body: Body }
  : Operation extends { requestBody?: { content: { 'application/json': infer Body } } }
    ? { body?: Body }
    : { body?: never };

type PathParamsOf<Operation> = Operation extends { parameters: { path: infer Params extends object } }
  ? { pathParams: { readonly [Name in keyof Params]: string } }
  : { pathParams: Readonly<Record<string, never>> };

type WritesOf<Path extends keyof paths> = {
  [Method in OutboxMethod]: [paths[Path][Method]] extends [undefined]
    ? never
    : { method: Method; path: Path } & PathParamsOf<paths[Path][Method]> & BodyOf<paths[Path][Method]>;
}[OutboxMethod];

/** Every write the contract defines, as the outbox stores it. */
export type ContractRequest = { [Path in keyof paths]: WritesOf<Path> }[keyof paths];
