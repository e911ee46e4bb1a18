/**
 * The API's log: one JSON object a line (pino), without health information in
 * it. A request is logged as its id, method, route template, status, duration
 * and the instance that answered; a failure as what happened where (the
 * request's id, method and route template, the status, the error's name,
 * SQLSTATE and constraint, and where in our code it was thrown), never as the
 * error object, its message, the driver's parameters, the query string or a
 * body. Messages can carry values (a database error quotes the duplicate
 * e-mail); ids and names cannot.
 *
 * Until the process configures it (main.ts), the log writes warnings and
 * errors to the standard output at once; an API built in a test logs no
 * requests.
 */
import { hostname } from 'node:os';
import pino, { type DestinationStream, type Logger } from 'pino';

export interface LogContext {
  /** What was being done, in our words ("Unexpected error", "Writing an audit record failed"). */
  event: string;
  requestId?: string;
  method?: string;
  /** The route template (`/api/v1/users/users/:id`), never the URL with its values. */
  route?: string;
  status?: number;
  /** Ids that help an operator and say nothing about health (an account id, a key's age). */
  ids?: Readonly<Record<string, string>>;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface LogSettings {
  /** Which process of several wrote a line (`api-2`, a container's host name). */
  instance?: string;
  level?: LogLevel;
  /** Where lines go: the standard output unless given (a test collects them). */
  destination?: DestinationStream;
  /** Write to the standard output in the background rather than as each line is made (a serving process). */
  buffered?: boolean;
}

function createLogger(settings: LogSettings): Logger {
  return pino(
    {
      base: { instance: settings.instance ?? `${hostname()}:${process.pid}` },
      level: settings.level ?? 'warn',
      messageKey: 'event',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    settings.destination ?? pino.destination({ dest: 1, sync: !settings.buffered }),
  );
}

let logger = createLogger({});

/** Sets up the log once, for the process (main.ts) or a test that reads what is logged. */
export function configureLog(settings: LogSettings): void {
  logger = createLogger(settings);
}

/** Writes what is buffered (at shutdown, before the process exits). */
export function flushLog(): void {
  logger.flush();
}

/** The stack's frames only: the first line of a stack repeats the message. */
function frames(stack: string | undefined): string[] {
  return (stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 6)
    .map((line) => line.trim());
}

/** The parts of an error that name it without quoting any value. */
export function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: typeof error };
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return {
    error: error.name,
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof constraint === 'string' ? { constraint } : {}),
    at: frames(error.stack),
  };
}

export function logError(context: LogContext, error?: unknown): void {
  const { event, ...fields } = context;
  logger.error({ ...fields, ...(error === undefined ? {} : describeError(error)) }, event);
}

/** Something an operator should look at that is not a failure of a request (a schema behind the code). */
export function logWarning(event: string, fields: Readonly<Record<string, string | number | boolean>> = {}): void {
  logger.warn(fields, event);
}

/** The process's own news: listening, stopping, a lock taken. */
export function logInfo(event: string, fields: Readonly<Record<string, string | number | boolean>> = {}): void {
  logger.info(fields, event);
}

export interface RequestLine {
  requestId: string;
  method: string;
  route: string;
  status: number;
  durationMs: number;
}

/** Whether answered requests are logged (`info`): when not, nothing about them is collected. */
export function requestsLogged(): boolean {
  return logger.isLevelEnabled('info');
}

/** One line per answered request, at `info`. */
export function logRequest(line: RequestLine): void {
  logger.info(line, 'request');
}
