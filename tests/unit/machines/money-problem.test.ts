import { expect, test } from 'vitest';
import { HTTPError, type NormalizedOptions } from 'ky';
import { ApiError, toApiError } from '../../../src/api/client';
import { toProblem } from '../../../src/machines/money-flow/problem';

test("a call's failure keeps the server's words and drops the transport's", () => {
  expect(toProblem(new ApiError('validation', { message: 'Check the form', fields: { iban: 'Invalid IBAN' }, status: 422 }))).toEqual({
    code: 'validation',
    message: 'Check the form',
    fields: { iban: 'Invalid IBAN' },
  });
  expect(toProblem(new ApiError('not_cancellable', { message: 'Already paid out', status: 409 }))).toEqual({ code: 'not_cancellable', message: 'Already paid out' });
  expect(toProblem(new ApiError('network', { message: 'Failed to fetch' }))).toEqual({ code: 'network', message: '' });
  expect(toProblem(new ApiError('timeout'))).toEqual({ code: 'timeout', message: '' });
  expect(toProblem('boom')).toEqual({ code: 'internal', message: '' });
});

test('a failure without the server\'s words never carries the request (its URL) to the page', async () => {
  const request = new Request('https://api.example.test/api/withdraw/ps');
  const options = { method: 'GET', prefixUrl: '', retry: {} } as unknown as NormalizedOptions;
  const unreadable = new HTTPError(new Response('<html>Bad gateway</html>', { status: 502 }), request, options);
  expect(unreadable.message).toContain('https://api.example.test');
  expect(toProblem(await toApiError(unreadable))).toEqual({ code: 'internal', message: '' });
  expect(toProblem(unreadable)).toEqual({ code: 'internal', message: '' });
  expect(toProblem(new Error(`Request failed: ${request.url}`))).toEqual({ code: 'internal', message: '' });
});
