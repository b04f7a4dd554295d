import type { z } from 'zod';
import { emailSchema } from '../../api/contract/auth';
import { passwordProblem } from '../../api/contract/password';
import { userInfoUpdateSchema, type USER_INFO_FIELDS } from '../../api/contract/user';

/** A message to translate: the same `validation.*` keys the server answers with. */
export interface CheckMessage {
  key: string;
  params?: Record<string, string | number>;
}
export type CheckErrors = Record<string, CheckMessage>;

const PARAMS: Record<string, Record<string, number>> = {
  'validation.too_short': { min: 8 },
  'validation.too_long': { max: 128 },
};

/** The first problem of a new password, as the server words it (8-128 characters, not common). */
function newPassword(value: string): CheckMessage | null {
  const key = passwordProblem(value);
  if (!key) return null;
  const params = PARAMS[key];
  return params ? { key, params } : { key };
}

function email(value: string): CheckMessage | null {
  if (value.trim() === '') return { key: 'validation.required' };
  return emailSchema.safeParse(value).success ? null : { key: 'validation.email' };
}

const required = (value: string): CheckMessage | null => (value === '' ? { key: 'validation.required' } : null);

const confirmation = (password: string, repeated: string): CheckMessage | null =>
  repeated === '' ? { key: 'validation.required' } : password === repeated ? null : { key: 'validation.password_mismatch' };

function collect(entries: Array<[string, CheckMessage | null]>): CheckErrors {
  const errors: CheckErrors = {};
  for (const [name, message] of entries) if (message) errors[name] = message;
  return errors;
}

/**
 * The client checks of each account form, mirroring the server's schemas (src/api/contract/auth.ts
 * and password.ts) so a form the client passes is one the server accepts, and a refused one shows
 * the same words at the same fields.
 */
export const accountChecks = {
  login: (values: { email: string; password: string }) =>
    collect([
      ['email', email(values.email)],
      ['password', required(values.password)],
    ]),
  register: (values: { email: string; password: string; password_confirmation: string; terms: boolean }) =>
    collect([
      ['email', email(values.email)],
      ['password', newPassword(values.password)],
      ['password_confirmation', confirmation(values.password, values.password_confirmation)],
      ['terms', values.terms ? null : { key: 'validation.terms' }],
    ]),
  forgot: (values: { email: string }) => collect([['email', email(values.email)]]),
  reset: (values: { password: string; password_confirmation: string }) =>
    collect([
      ['password', newPassword(values.password)],
      ['password_confirmation', confirmation(values.password, values.password_confirmation)],
    ]),
  change: (values: { current_password: string; password: string; password_confirmation: string }) =>
    collect([
      ['current_password', required(values.current_password)],
      ['password', newPassword(values.password)],
      ['password_confirmation', confirmation(values.password, values.password_confirmation)],
    ]),
  /** Personal data: the server's own schema decides; its issues carry the `validation.*` keys. */
  personal: (values: Record<(typeof USER_INFO_FIELDS)[number], string>) => {
    const result = userInfoUpdateSchema.safeParse(values);
    return result.success ? {} : issuesOf(result.error);
  },
};

function issuesOf(error: z.ZodError): CheckErrors {
  const errors: CheckErrors = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? '');
    if (!name || errors[name]) continue;
    if (issue.message.startsWith('validation.')) errors[name] = { key: issue.message };
    else if (issue.code === 'too_big') errors[name] = { key: 'validation.too_long', params: { max: Number(issue.maximum) } };
    else errors[name] = { key: 'validation.invalid' };
  }
  return errors;
}
