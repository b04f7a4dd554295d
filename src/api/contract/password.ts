import { z } from 'zod';
import { isCommonPassword } from './common-passwords';

/** The password rules, shared by the server and the web app's forms (docs/design.md 3.2). */
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

/**
 * A new password: 8-128 characters and not one of the most common passwords. The length issues
 * keep zod's defaults so that the server translates them with their limits
 * (`validation.too_short` {{min}}, `validation.too_long` {{max}}).
 */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN)
  .max(PASSWORD_MAX)
  .refine((value) => !isCommonPassword(value), { error: 'validation.password_common' });

/** A password being checked against the stored one: only bounded, never judged. */
export const currentPasswordSchema = z.string().min(1).max(PASSWORD_MAX);

/** The translation key of a new password's first problem, or null (for forms that check as you type). */
export function passwordProblem(value: string): string | null {
  if (value.length === 0) return 'validation.required';
  if (value.length < PASSWORD_MIN) return 'validation.too_short';
  if (value.length > PASSWORD_MAX) return 'validation.too_long';
  if (isCommonPassword(value)) return 'validation.password_common';
  return null;
}
