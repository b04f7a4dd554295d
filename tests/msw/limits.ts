import { http } from 'msw';
import { limitsPayload, raisedLimits, sessionSummary } from './limits-fixtures';
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
    if (body.kind === 'until_date' && String(body.until) < '2027-05-25') return fail(request, 'validation', { fields: { until: 'limits.error.exclusion_too_short' } });
    return ok(limitsPayload({}, { kind: body.kind as 'timeout_24h', until: body.kind === 'until_date' ? `${String(body.until)}T00:00:00.000Z` : '2026-11-26T10:00:00.000Z' }));
  }),
  http.post('*/api/limits/stop-today', () => ok(limitsPayload({}, { kind: 'rest_of_day', until: '2026-11-26T00:00:00.000Z' }))),
  http.get('*/api/limits/session', () => ok(sessionSummary())),
];
