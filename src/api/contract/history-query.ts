import { z } from 'zod';

/*
 * The query parameters every paged history shares (the bets' and the money's), so that both
 * lists read a page, its size and a time range the same way and refuse bad ones with one key.
 */

/** A page number or size from the query string: digits only, 1..max, `fallback` when absent. */
export const pageParam = (max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, { error: 'validation.invalid' })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: 'validation.invalid' }).max(max, { error: 'validation.invalid' }))
    .optional()
    .transform((v) => v ?? fallback);

/** A day ('2026-11-23', the whole day in UTC) or an exact instant. */
export const timeParam = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: 'validation.invalid' })
  .optional();
