import { ErrorCodes, ParlorError, isParlorError, type ErrorCode } from '../../../core/errors.ts';

/** A thread's failure as plain data: structured clone keeps an Error's message but drops its code. */
export interface ThreadFailure {
  readonly failure: { readonly code: string; readonly message: string };
}

/** What a thread sends back for an error: parlor's own with its code, any other as internal, with its stack. */
export function failureOf(error: unknown): ThreadFailure {
  if (isParlorError(error)) return { failure: { code: error.code, message: error.message } };
  return { failure: { code: ErrorCodes.INTERNAL, message: error instanceof Error ? (error.stack ?? error.message) : String(error) } };
}

/** The error a thread's failure stands for, in the thread that hears of it. */
export function errorOf(reply: ThreadFailure): ParlorError {
  return new ParlorError(reply.failure.code as ErrorCode, reply.failure.message);
}
