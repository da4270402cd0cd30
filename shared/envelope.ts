import { z } from 'zod';
import { Codes, type Code, CODE_INFO, codeName } from './codes.js';

/** Every response of every service: `{ Status: { Code, Message? }, Data }`. */
export interface Envelope<T> {
  Status: { Code: number; Message?: string };
  Data: T;
}

export const envelopeSchema = z.object({
  Status: z.object({ Code: z.number().int(), Message: z.string().optional() }),
  Data: z.unknown(),
});

export function ok<T>(data: T): Envelope<T> {
  return { Status: { Code: Codes.OK }, Data: data };
}

export function fail(code: number, message?: string): Envelope<null> {
  return { Status: message === undefined ? { Code: code } : { Code: code, Message: message }, Data: null };
}

/** HTTP status the reference backend uses for a code (the envelope stays the source of truth). */
export function httpStatusFor(code: number): number {
  const name = codeName(code);
  const http = name ? CODE_INFO[name].http : 500;
  return http === 0 ? 500 : http;
}

/**
 * An error that carries an envelope code. Thrown by server handlers and by main's client;
 * `details` carries field-level validation problems so a form can point at the field.
 */
export class ApiError extends Error {
  readonly code: number;
  readonly details?: readonly FieldIssue[];
  constructor(code: Code | number, message?: string, details?: readonly FieldIssue[]) {
    super(message ?? codeName(code) ?? `code ${code}`);
    this.name = 'ApiError';
    this.code = code;
    if (details) this.details = details;
  }
}

export interface FieldIssue {
  path: string;
  message: string;
}

/** What crosses the bridge: never a thrown error (Electron mangles those), always a result. */
export type Result<T> = { ok: true; data: T } | { ok: false; error: ResultError };

export interface ResultError {
  code: number;
  message: string;
  details?: readonly FieldIssue[];
  /**
   * The backend's id of the call (its `X-Request-Id`, in its log lines): shown beside the error,
   * so support can find the call in the backend's log. Absent when no backend answered.
   */
  requestId?: string;
}

export function toResultError(err: unknown): ResultError {
  if (err instanceof ApiError) {
    return err.details
      ? { code: err.code, message: err.message, details: err.details }
      : { code: err.code, message: err.message };
  }
  return { code: Codes.INTERNAL, message: err instanceof Error ? err.message : String(err) };
}

/** Turns zod issues into messages an operator can act on ("name: too short"). */
export function issuesOf(error: z.ZodError): FieldIssue[] {
  return error.issues.map((i) => ({ path: i.path.join('.') || '(body)', message: i.message }));
}

export function describeIssues(issues: readonly FieldIssue[]): string {
  return issues.map((i) => `${i.path}: ${i.message}`).join('; ');
}
