import { http } from 'msw';
import { MIN_EXCLUSION_MONTHS } from '../../src/api/contract/limits';
import { kycRejectedIn, limitsPayload, raisedLimits, sessionSummary } from './limits-fixtures';
import { languageOf } from './locale-texts';
import { fail, ok, readBody } from './respond';

/** Responsible trading: the limits page starts from `raisedLimits`; an exclusion under 6 months is refused. */
export const limitsHandlers = [
  http.get('*/api/limits', () => ok(raisedLimits)),
  http.post('*/api/limits', async ({ request }) => {
    const body = await readBody(request);
    const limits = (body.limits ?? {}) as Record<string, number | null>;
    const values = Object.fromEntries(raisedLimits.limits.map((l) => [l.name, l.value]));
    for (const [name, value] of Object.entries(limits)) values[name] = value;
    return ok(limitsPayload(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null)) as never, null, {}, (body.reality_check_minutes as number | null | undefined) ?? raisedLimits.reality_check_minutes));
  }),
  http.post('*/api/limits/exclusion', async ({ request }) => {
    const body = await readBody(request);
    if (body.kind === 'until_date' && String(body.until) < '2027-05-25') return fail(request, 'validation', { fields: { until: { key: 'limits.error.exclusion_too_short', params: { months: MIN_EXCLUSION_MONTHS } } } });
    return ok(limitsPayload({}, { kind: body.kind as 'timeout_24h', until: body.kind === 'until_date' ? `${String(body.until)}T00:00:00.000Z` : '2026-11-26T10:00:00.000Z' }));
  }),
  http.post('*/api/limits/stop-today', () => ok(limitsPayload({}, { kind: 'rest_of_day', until: '2026-11-26T00:00:00.000Z' }))),
  http.get('*/api/limits/session', () => ok(sessionSummary())),
  http.get('*/api/kyc', ({ request }) => ok(kycRejectedIn(languageOf(request)))),
  // A PDF or an image by its content is taken as pending; anything else is refused like the server refuses it.
  http.post('*/api/kyc', async ({ request }) => {
    const form = await request.formData();
    const file = form.get('file0');
    const head = file instanceof File ? new Uint8Array(await file.slice(0, 4).arrayBuffer()) : new Uint8Array();
    const pdf = head[0] === 0x25 && head[1] === 0x50 && head[2] === 0x44 && head[3] === 0x46;
    const png = head[0] === 0x89 && head[1] === 0x50;
    const jpeg = head[0] === 0xff && head[1] === 0xd8;
    if (!(pdf || png || jpeg)) {
      return fail(request, 'validation', { fields: { file0: 'support.errors.file_type' } });
    }
    return ok({ ...kycRejectedIn(languageOf(request)), address: { status: 'pending', reason: null, uploaded_at: '2026-11-25T10:00:00.000Z' } });
  }),
];
