import type { FieldIssue, Result, ResultError } from '../../shared/envelope.js';

/**
 * A failed bridge call as an exception, for TanStack Query: it keeps the envelope code, the
 * server's message and the field issues so the screen can say what failed and what to do.
 */
export class CallError extends Error {
  readonly code: number;
  readonly details: readonly FieldIssue[];
  readonly requestId: string | undefined;
  constructor(error: ResultError) {
    super(error.message);
    this.name = 'CallError';
    this.code = error.code;
    this.details = error.details ?? [];
    this.requestId = error.requestId;
  }

  toResultError(): ResultError {
    return {
      code: this.code,
      message: this.message,
      details: this.details,
      ...(this.requestId ? { requestId: this.requestId } : {}),
    };
  }
}

export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.data;
  throw new CallError(result.error);
}

/** Anything caught (a CallError, a transport failure) as the error shape the UI shows. */
export function asResultError(err: unknown, fallbackCode: number): ResultError {
  if (err instanceof CallError) return err.toResultError();
  return { code: fallbackCode, message: err instanceof Error ? err.message : String(err) };
}
