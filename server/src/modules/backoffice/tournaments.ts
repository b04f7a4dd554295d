import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema';
import { toCents } from '../../../../src/api/contract/money';
import { parseDateTimeInput } from '../../../../src/api/contract/tournaments';
import { ApiError } from '../../http/errors';
import { createSpecialTournament } from '../tournaments/service';

/** The tournaments an operator sees: running and upcoming first, then the latest finished. */
export function tournamentsForOperators(db: Kysely<DB>, limit = 50) {
  return db
    .selectFrom('tournaments as t')
    .select((eb) => [
      't.id', 't.kind', 't.name', 't.names', 't.starts_at', 't.ends_at', 't.entry_fee_cents', 't.start_balance_cents', 't.prizes_cents', 't.status',
      eb.selectFrom('tournament_entries as e').select((e) => e.fn.countAll<number>().as('n')).whereRef('e.tournament_id', '=', 't.id').as('participants'),
    ])
    .orderBy((eb) => eb.case().when('t.status', '=', 'running').then(0).else(1).end())
    .orderBy('t.ends_at', 'desc')
    .limit(limit)
    .execute();
}

/**
 * A date and time as the operator typed it in their language's order ('31.12.2026 18:00') or year
 * first ('2026-12-31 18:00'); read in the request's language (`utcMinuteIn`), as UTC like every back
 * office time.
 */
const dateTimeText = z.string().trim().max(40);

/** The typed date and time of `field` as a UTC instant, or a refusal that says how to write it. */
function utcMinuteIn(form: TournamentForm, field: 'starts_at' | 'ends_at', language: string): Date {
  const minute = parseDateTimeInput(form[field], language);
  if (!minute) throw new ApiError('validation', { fields: { [field]: 'support.backoffice.tournaments.error.date_time' } });
  return new Date(`${minute}:00Z`);
}

const moneyText = z.string().trim().refine((text) => (toCents(text) ?? 0) > 0, { error: 'validation.money' });

const MAX_PRIZES = 10;

// Braces would read as placeholders where the name is shown through the translator.
const nameText = z.string().trim().max(80).regex(/^[^{}]*$/, { error: 'validation.invalid' }).default('');

export const tournamentFormSchema = z.object({
  _csrf: z.string(),
  /** The name in Russian and in English (`name_en`); at least one. */
  name: nameText,
  name_en: nameText,
  starts_at: dateTimeText,
  ends_at: dateTimeText,
  entry_fee: moneyText,
  start_balance: moneyText,
  prizes: z
    .string()
    .trim()
    .max(200)
    .transform((text) => (text === '' ? [] : text.split(/[\s,;]+/).filter(Boolean)))
    .refine((parts) => parts.length <= MAX_PRIZES && parts.every((part) => toCents(part) !== null), {
      error: 'validation.prize_list',
    }),
}).refine((form) => form.name !== '' || form.name_en !== '', { path: ['name'], error: 'validation.one_language' });
export type TournamentForm = z.output<typeof tournamentFormSchema>;

/** Opens a tournament with an entry fee; traders see it on /home and pay through /purchase. */
export async function openPaidTournament(db: Kysely<DB>, form: TournamentForm, now: Date, language: string) {
  const startsAt = utcMinuteIn(form, 'starts_at', language);
  const endsAt = utcMinuteIn(form, 'ends_at', language);
  if (endsAt <= startsAt) {
    throw new ApiError('validation', { fields: { ends_at: 'support.backoffice.tournaments.error.ends_before_start' } });
  }
  if (endsAt <= now) throw new ApiError('validation', { fields: { ends_at: 'support.backoffice.tournaments.error.ended' } });
  return createSpecialTournament(db, {
    // The one-text column keeps a name for readers of older code; traders read `names`.
    name: form.name || form.name_en,
    names: { ru: form.name, en: form.name_en },
    startsAt,
    endsAt,
    entryFeeCents: toCents(form.entry_fee)!,
    startBalanceCents: toCents(form.start_balance)!,
    prizesCents: form.prizes.map((prize) => toCents(prize)!),
  });
}
