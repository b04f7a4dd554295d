import { z } from 'zod';
import { isTimeZone } from '../../shared/format';

/** GET /api/user/info */
export const userInfoSchema = z.object({
  email: z.string(),
  account_id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  birth_date: z.string().nullable(), // YYYY-MM-DD
  /** The IANA time zone dates and times are written in; null follows the device's. */
  time_zone: z.string().nullable(),
  email_confirmed: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const USER_INFO_FIELDS = ['first_name', 'last_name', 'phone', 'country', 'birth_date', 'time_zone'] as const;

/** A form value where the empty string (what a form sends for a cleared field) means null. */
const optionalText = (inner: z.ZodType<string, string>) =>
  z
    .string()
    .max(200)
    .transform((value) => value.trim())
    .pipe(z.union([z.literal('').transform(() => null), inner]));

const NAME = /^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u;
const PHONE = /^\+?[0-9][0-9 ()-]{4,19}$/;
const COUNTRY = /^[A-Z]{2}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** An IANA name ('Europe/Moscow', 'UTC'), never an offset ('+03:00'), that Intl knows. */
const TIME_ZONE = /^[A-Za-z][A-Za-z_]*(\/[A-Za-z0-9][A-Za-z0-9_+-]*){0,2}$/;
export const isTimeZoneName = (value: string): boolean => value.length <= 64 && TIME_ZONE.test(value) && isTimeZone(value);

/** A real calendar date between 1900-01-01 and today. */
function isBirthDate(value: string, today = new Date()): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '1900-01-01' && date <= today;
}

/**
 * POST /api/user/info (multipart): the editable fields, each optional; an empty string clears it.
 */
export const userInfoUpdateSchema = z.strictObject({
  first_name: optionalText(z.string().max(100).regex(NAME, { error: 'validation.invalid' })).optional(),
  last_name: optionalText(z.string().max(100).regex(NAME, { error: 'validation.invalid' })).optional(),
  phone: optionalText(z.string().regex(PHONE, { error: 'validation.phone' })).optional(),
  country: optionalText(z.string().toUpperCase().regex(COUNTRY, { error: 'validation.country' })).optional(),
  birth_date: optionalText(z.string().refine((v) => isBirthDate(v), { error: 'validation.date' })).optional(),
  time_zone: optionalText(z.string().refine(isTimeZoneName, { error: 'validation.time_zone' })).optional(),
});
export type UserInfoUpdateRequest = z.input<typeof userInfoUpdateSchema>;
