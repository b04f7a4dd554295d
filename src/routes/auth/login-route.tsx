import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { accountChecks } from '../../machines/session/account-checks';
import { selectSecondFactorKinds, selectSecondFactorStep } from '../../machines/session/session.selectors';
import { LoginForm } from '../../ui/forms/LoginForm';
import { SecondFactorForm } from '../../ui/forms/SecondFactorForm';
import type { SessionActor } from './app-session';
import { failureText, translateChecks, useAccountForm, useSessionPage } from './use-session';

/**
 * /login: email, password and remember-me (or a passkey alone), then, for an account with two-factor
 * sign-in, the code of the authenticator app (or a recovery code) or a passkey; a signed-in trader
 * goes on to /home.
 */
export default function LoginRoute() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const session = useSessionPage();
  const form = useAccountForm(session);
  const secondFactor = useSelector(session, selectSecondFactorStep);
  if (secondFactor) return <SecondFactorStep session={session} />;
  return (
    <LoginForm
      busy={form.busy}
      waiting={form.throttled}
      errors={form.fieldErrors}
      formError={failureText(form.formFailure, t)}
      validate={(values) => translateChecks(t, accountChecks.login(values))}
      onSubmit={({ email, password, remember }) => session.send({ type: 'login.submit', values: { email, password, remember } })}
      onPasskey={() => session.send({ type: 'passkey.signIn' })}
      onNavigate={navigate}
    />
  );
}

/** The second step of a sign-in (after the login or after a reset link), on the session of the page. */
export function SecondFactorStep({ session }: { session: SessionActor }) {
  const { t } = useTranslation();
  const form = useAccountForm(session);
  const kinds = useSelector(session, selectSecondFactorKinds);
  return (
    <SecondFactorForm
      kinds={kinds}
      onPasskey={() => session.send({ type: 'secondFactor.passkey' })}
      busy={form.busy}
      waiting={form.throttled}
      errors={form.fieldErrors}
      formError={failureText(form.formFailure, t)}
      validate={({ code }) => (code.trim() ? {} : { code: t('validation.required') })}
      onSubmit={({ code }) => session.send({ type: 'secondFactor.submit', values: { code } })}
      onCancel={() => session.send({ type: 'secondFactor.cancel' })}
    />
  );
}
