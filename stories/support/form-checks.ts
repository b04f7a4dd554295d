import type { CheckErrors } from '../../src/machines/session/account-checks';
import { accountChecks } from '../../src/machines/session/account-checks';
import type { FieldErrors } from '../../src/ui/types';
import { storyI18n } from '../../.storybook/i18n';

/**
 * The app's own client checks (the session machine's account checks, which mirror the server's
 * schemas), translated in the story's language, as the auth containers pass them to the forms.
 */
function translated<V>(check: (values: V) => CheckErrors) {
  return (values: V): FieldErrors => {
    const errors: FieldErrors = {};
    for (const [name, message] of Object.entries(check(values))) errors[name] = storyI18n.t(message.key, message.params);
    return errors;
  };
}

export const formChecks = {
  login: translated(accountChecks.login),
  register: translated(accountChecks.register),
  forgot: translated(accountChecks.forgot),
  reset: translated(accountChecks.reset),
  change: translated(accountChecks.change),
  personal: translated(accountChecks.personal),
};

/** Server answers as the containers show them: field messages and form messages, translated. */
export const t = (key: string, params?: Record<string, unknown>) => storyI18n.t(key, params);
