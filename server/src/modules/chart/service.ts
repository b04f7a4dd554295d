import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { chartLayoutSchema, type ChartLayout, type ChartLayoutPayload } from '../../../../src/api/contract/chart';
import * as repo from './repo';

type Db = Kysely<DB> | Transaction<DB>;

/** The trader's layout; a stored one that no longer fits the contract reads as none. */
export async function layoutOf(db: Db, userId: number): Promise<ChartLayoutPayload> {
  const stored = await repo.findLayout(db, userId);
  const parsed = chartLayoutSchema.safeParse(stored);
  return { layout: parsed.success ? parsed.data : null };
}

export async function saveLayout(db: Db, userId: number, layout: ChartLayout): Promise<ChartLayoutPayload> {
  await repo.saveLayout(db, userId, layout);
  return { layout };
}
