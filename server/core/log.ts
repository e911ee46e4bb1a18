/**
 * The API's log, without health information in it: a failure is logged as
 * what happened where (the request's id, method and route template, the
 * status, the error's name, SQLSTATE and constraint, and where in our code it
 * was thrown), never as the error object, its message, the driver's
 * parameters, the query string or a body. Messages can carry values (a
 * database error quotes the duplicate e-mail); ids and names cannot.
 */
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
  const record = {
    level: 'error',
    time: new Date().toISOString(),
    ...context,
    ...(error === undefined ? {} : describeError(error)),
  };
  console.error(JSON.stringify(record));
}
