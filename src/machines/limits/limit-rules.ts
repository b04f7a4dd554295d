import { MONEY_LIMITS, SESSION_MINUTES_MAX, type LimitsPayload, type LimitsUpdate } from '../../api/contract/limits';
import { moneyFromText } from '../../api/contract/money';

/** What the limits form typed: each limit's text (empty: none) and the reality check's period ('' off). */
export interface LimitsTyped {
  limits: Record<string, string>;
  reality: string;
}

const isMoney = (name: string) => (MONEY_LIMITS as readonly string[]).includes(name);
const textOf = (value: number | null) => (value === null ? '' : String(value));

/**
 * The change the typed values ask for: only the limits whose text differs from the value in force
 * (an emptied field removes the limit), or the translation keys of the fields that are not valid.
 */
export function limitsUpdateOf(current: LimitsPayload, typed: LimitsTyped): { update: LimitsUpdate } | { invalid: Record<string, string> } {
  const changed: Record<string, number | null> = {};
  const invalid: Record<string, string> = {};
  for (const limit of current.limits) {
    const text = (typed.limits[limit.name] ?? textOf(limit.value)).trim();
    if (text === textOf(limit.value)) continue;
    if (text === '') {
      changed[limit.name] = null;
      continue;
    }
    const value = isMoney(limit.name) ? moneyFromText(text) : /^\d+$/.test(text) ? Number(text) : null;
    if (value === null || value <= 0 || (!isMoney(limit.name) && value > SESSION_MINUTES_MAX)) invalid[limit.name] = isMoney(limit.name) ? 'validation.money' : 'limits.error.minutes';
    else changed[limit.name] = value;
  }
  if (Object.keys(invalid).length > 0) return { invalid };
  const update: LimitsUpdate = {};
  if (Object.keys(changed).length > 0) update.limits = changed;
  const period = typed.reality === '' ? null : Number(typed.reality);
  if (period !== current.reality_check_minutes) update.reality_check_minutes = period;
  return { update };
}
