import { expect, test } from 'vitest';
import { ApiError } from '../../../src/api/client';
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
