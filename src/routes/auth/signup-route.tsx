import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { accountChecks } from '../../machines/session/account-checks';
import { SignupForm } from '../../ui/forms/SignupForm';
import { failureText, translateChecks, useAccountForm, useSessionPage } from './use-session';

/** /signup: the new account is signed in at once and goes on to /home. */
export default function SignupRoute() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const session = useSessionPage();
  const form = useAccountForm(session);
  return (
    <SignupForm
      busy={form.busy}
      waiting={form.throttled}
      errors={form.fieldErrors}
      formError={failureText(form.formFailure, t)}
      validate={(values) => translateChecks(t, accountChecks.register(values))}
      onSubmit={({ email, password, password_confirmation, terms }) =>
        // The client check has made sure the terms are accepted.
        terms && session.send({ type: 'register.submit', values: { email, password, password_confirmation, terms } })
      }
      onNavigate={navigate}
    />
  );
}
