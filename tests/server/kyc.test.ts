import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { signUpOperator, useTestServer as testServer } from './harness';
import { balanceCents, createTrader, multipart as textForm, type Trader } from './money-fixtures';
import { backofficeToken, ELF, multipart, PDF, PNG } from './support-helpers';

/** Verification (issue 18): documents under the upload rules, the operator's review, the withdrawal threshold. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const server = testServer({ config: { dataDir, kycWithdrawThresholdCents: 100_00 }, keep: ['payment_systems'] });
const CARD = { card_number: '4242 4242 4242 4242', holder_name: 'JOHN SMITH' };

async function upload(trader: Trader, kind: string, file = { field: 'file0', name: 'passport.png', type: 'image/png', data: PNG }) {
  const body = await multipart({ kind }, [file]);
  return server.app.inject({ method: 'POST', url: '/api/kyc', headers: { ...trader.headers, 'content-type': body.contentType }, payload: body.payload });
}

function withdraw(trader: Trader, amount: string, step: 'check' | 'confirm') {
  const { payload, contentType } = textForm({ amount, ...CARD });
  const url = step === 'check' ? '/api/card/check' : '/api/withdraw/card/confirm';
  return server.app.inject({ method: 'POST', url, headers: { ...trader.headers, 'content-type': contentType }, payload });
}

async function review(id: number, decision: 'approve' | 'reject', reason = '') {
  const operator = await signUpOperator(server.app);
  const { cookie, token } = await backofficeToken(server.app, operator);
  return server.app.inject({
    method: 'POST',
    url: `/backoffice/kyc/${id}`,
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
    payload: new URLSearchParams({ _csrf: token, decision, reason }).toString(),
  });
}

const documentIds = async (userId: number) =>
  (await server.database.db.selectFrom('kyc_documents').select(['id', 'kind']).where('user_id', '=', userId).orderBy('id').execute());

describe('verification', () => {
  test('documents follow the upload rules; withdrawals past the threshold wait for both approvals', async () => {
    const trader = await createTrader(server, { mainCents: 500_00 });
    // Under the threshold (100.00 in all) an unverified account withdraws.
    expect((await withdraw(trader, '60', 'confirm')).statusCode).toBe(200);
    const over = await withdraw(trader, '50', 'check');
    expect(over.statusCode).toBe(422);
    expect(over.json().payload.fields.amount).toBe(
      'Withdrawals over $100.00 in total need a verified account: send your identity document and proof of address in Settings, Verification',
    );
    expect((await withdraw(trader, '50', 'confirm')).statusCode).toBe(422);
    expect(await balanceCents(server, trader.id)).toBe(440_00);

    // A program renamed as an image, no file, or an unknown kind: refused, nothing stored.
    const elf = await upload(trader, 'identity', { field: 'file0', name: 'id.png', type: 'image/png', data: ELF });
    expect(elf.statusCode).toBe(422);
    expect(elf.json().payload.fields).toEqual({ file0: 'Only JPG, PNG or PDF files can be attached' });
    expect((await upload(trader, 'selfie')).statusCode).toBe(422);
    expect(await documentIds(trader.id)).toEqual([]);

    expect((await upload(trader, 'identity')).json().payload).toMatchObject({ identity: { status: 'pending' }, address: null, verified: false, withdraw_threshold: 100 });
    await upload(trader, 'address', { field: 'file0', name: 'bill.pdf', type: 'application/pdf', data: PDF });
    const [identity, address] = await documentIds(trader.id);

    // The operator sees both, opens one, rejects the address with a reason: still not verified.
    const operator = await signUpOperator(server.app);
    const page = await server.app.inject({ method: 'GET', url: '/backoffice/kyc', headers: { cookie: operator.cookie, 'accept-language': 'en' } });
    expect(page.body).toContain('Proof of address');
    expect(page.body).toContain(`/backoffice/kyc/${identity!.id}/file`);
    const file = await server.app.inject({ method: 'GET', url: `/backoffice/kyc/${identity!.id}/file`, headers: { cookie: operator.cookie } });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const stranger = await server.app.inject({ method: 'GET', url: `/backoffice/kyc/${identity!.id}/file`, headers: trader.headers });
    expect(stranger.statusCode).toBe(404);

    expect((await review(address!.id, 'reject')).body).toContain('Reason: This field is required');
    expect((await review(address!.id, 'reject', 'The bill is older than 3 months')).body).toContain(`Document ${address!.id} rejected`);
    expect((await review(identity!.id, 'approve')).body).toContain(`Document ${identity!.id} approved`);
    expect((await review(identity!.id, 'reject', 'late')).body).toContain('was already reviewed');
    const status = await server.app.inject({ method: 'GET', url: '/api/kyc', headers: trader.headers });
    expect(status.json().payload).toMatchObject({ identity: { status: 'approved' }, address: { status: 'rejected', reason: 'The bill is older than 3 months' }, verified: false });
    expect((await withdraw(trader, '50', 'confirm')).statusCode).toBe(422);

    // A new proof of address, approved: verified, and the withdrawal goes through.
    await upload(trader, 'address', { field: 'file0', name: 'bill2.pdf', type: 'application/pdf', data: PDF });
    const latest = (await documentIds(trader.id)).at(-1)!;
    await review(latest.id, 'approve');
    expect((await server.app.inject({ method: 'GET', url: '/api/kyc', headers: trader.headers })).json().payload.verified).toBe(true);
    expect((await withdraw(trader, '50', 'confirm')).statusCode).toBe(200);
  });
});
