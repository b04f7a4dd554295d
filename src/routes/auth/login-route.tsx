import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { accountChecks } from '../../machines/session/account-checks';
import { LoginForm } from '../../ui/forms/LoginForm';
import { failureText, translateChecks, useAccountForm, useSession } from './use-session';

/** /login: email, password and remember-me; a signed-in trader goes on to /home. */
export default function LoginRoute() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const session = useSession();
  const form = useAccountForm(session);
  return (
    <LoginForm
      busy={form.busy}
      waiting={form.throttled}
      errors={form.fieldErrors}
      formError={failureText(form.formFailure, t)}
      validate={(values) => translateChecks(t, accountChecks.login(values))}
      onSubmit={({ email, password, remember }) => session.send({ type: 'login.submit', values: { email, password, remember } })}
      onNavigate={navigate}
    />
  );
}
