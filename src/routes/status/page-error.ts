import { ApiError } from '../../api/client';
import { toFailure } from '../../machines/app/failure';

/** What the error page shows of anything thrown while loading or rendering a page. */
export interface PageError {
  status: number;
  message: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The error's own status (an ApiError's, a response's), else 500; its message only when it is the
 * server's answer for the reader: an ApiError or a machine's failure record whose code the server
 * gave (the rule of toFailure). Any other Error's message is a program's (a request's method and
 * URL, a TypeError) and never reaches the trader: the page then shows its generic text.
 */
export function pageErrorOf(error: unknown): PageError {
  if (!isRecord(error)) return { status: 500, message: '' };
  const candidates = [error.status, error.statusCode, isRecord(error.response) ? error.response.status : undefined];
  const status = candidates.find((value): value is number => typeof value === 'number' && value >= 400 && value <= 599) ?? 500;
  const programs = error instanceof Error && !(error instanceof ApiError);
  return { status, message: programs ? '' : toFailure(error).message };
}

/**
 * A lazy chunk that could not be fetched: after a deploy the old hashed files are gone, so the
 * page reloads to get the new build (the root actor allows that once per minute).
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!isRecord(error)) return false;
  const text = `${String(error.name)} ${String(error.message)}`;
  return /ChunkLoadError|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(text);
}

/** Thrown for a route whose guard names no known check ('Unknown middleware {name}'). */
export class UnknownMiddlewareError extends Error {
  readonly status = 500;
  constructor(readonly middleware: string) {
    super(`Unknown middleware ${middleware}`);
    this.name = 'UnknownMiddlewareError';
  }
}
