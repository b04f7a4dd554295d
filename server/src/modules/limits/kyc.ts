import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { fromCents } from '../../../../src/api/contract/money';
import { KYC_KINDS, type KycKind, type KycStatus } from '../../../../src/api/contract/limits';
import { removeFiles, storeFiles, type IncomingFile } from '../support/attachments';
import { refuseOverQuota, type SupportDeps } from '../support/service';

type Db = Kysely<DB> | Transaction<DB>;

/** The latest document of each kind; the account is verified when both latest ones are approved. */
export async function kycStatus(db: Db, userId: number, thresholdCents: number): Promise<KycStatus> {
  const rows = await db
    .selectFrom('kyc_documents')
    .select(['kind', 'status', 'reason', 'created_at'])
    .distinctOn('kind')
    .where('user_id', '=', userId)
    .orderBy('kind')
    .orderBy('id', 'desc')
    .execute();
  const latest = (kind: KycKind) => {
    const row = rows.find((r) => r.kind === kind);
    return row ? { status: row.status, reason: row.reason, uploaded_at: row.created_at.toISOString() } : null;
  };
  const identity = latest('identity');
  const address = latest('address');
  return { identity, address, verified: identity?.status === 'approved' && address?.status === 'approved', withdraw_threshold: fromCents(thresholdCents) };
}

/**
 * Stores one document (a JPEG, PNG or PDF by its content, within the support attachments' size and
 * the trader's upload quota, checked again under the trader's row lock) as pending review.
 */
export async function submitDocument(
  deps: Pick<SupportDeps, 'db' | 'dataDir' | 'uploadQuota'>,
  userId: number,
  kind: KycKind,
  files: IncomingFile[],
): Promise<void> {
  if (files.length !== 1 || files[0]!.field !== 'file0') throw new ApiError('validation', { fields: { file0: 'limits.kyc.one_file' } });
  if (!(KYC_KINDS as readonly string[]).includes(kind)) throw new ApiError('validation', { fields: { kind: 'validation.invalid' } });
  await refuseOverQuota(deps.db, deps.uploadQuota, userId, files);
  const [stored] = await storeFiles(deps.dataDir, files);
  try {
    await deps.db.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
      await refuseOverQuota(trx, deps.uploadQuota, userId, files);
      await trx.insertInto('kyc_documents').values({ user_id: userId, kind, file_id: stored!.id, name: stored!.name, type: stored!.type, size: stored!.size }).execute();
    });
  } catch (error) {
    await removeFiles(deps.dataDir, [stored!]);
    throw error;
  }
}

/** The documents waiting for an operator, oldest first. */
export function pendingDocuments(db: Kysely<DB>, limit = 200) {
  return db
    .selectFrom('kyc_documents as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .select(['k.id', 'k.kind', 'k.name', 'k.type', 'k.size', 'k.created_at', 'u.email', 'u.account_id'])
    .where('k.status', '=', 'pending')
    .orderBy('k.id')
    .limit(limit)
    .execute();
}

export function documentFile(db: Kysely<DB>, id: number) {
  return db.selectFrom('kyc_documents').select(['file_id', 'name', 'type', 'size']).where('id', '=', id).executeTakeFirst();
}

/** An operator's decision on a pending document, once; a rejection needs its reason. Answers whether it was pending. */
export async function reviewDocument(db: Kysely<DB>, id: number, operatorId: number, decision: 'approve' | 'reject', reason: string, now = new Date()): Promise<boolean> {
  if (decision === 'reject' && reason.trim() === '') throw new ApiError('validation', { fields: { reason: 'validation.required' } });
  const row = await db
    .updateTable('kyc_documents')
    .set({ status: decision === 'approve' ? 'approved' : 'rejected', reason: decision === 'reject' ? reason.trim() : null, reviewed_at: now, reviewed_by: operatorId })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Refuses a withdrawal that would take the trader's withdrawals (pending and paid) past the
 * threshold while the account is not verified. Checked in the withdrawal's transaction, after the
 * main wallet is locked by the hold, so two withdrawals cannot both slip under it.
 */
export async function assertWithdrawalAllowed(trx: Db, userId: number, amountCents: number, thresholdCents: number): Promise<void> {
  const row = await trx
    .selectFrom('withdrawals')
    .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('total'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['pending', 'completed'])
    .executeTakeFirstOrThrow();
  if (Number(row.total) + amountCents <= thresholdCents) return;
  if ((await kycStatus(trx, userId, thresholdCents)).verified) return;
  throw new ApiError('validation', {
    message: { key: 'limits.kyc.required', params: { threshold: fromCents(thresholdCents) } },
    fields: { amount: { key: 'limits.kyc.required', params: { threshold: fromCents(thresholdCents) } } },
  });
}
