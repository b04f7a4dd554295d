import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { accountChecks } from '../../machines/session/account-checks';
import { selectResetRequested } from '../../machines/session/session.selectors';
import { ForgotPasswordForm } from '../../ui/forms/ForgotPasswordForm';
import { failureText, translateChecks, useAccountForm, useSessionPage } from './use-session';

/** /forgot-password: asks for a reset link; the answer is the same for any address. */
export default function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const session = useSessionPage();
  const form = useAccountForm(session);
  const sent = useSelector(session, selectResetRequested);
  return (
    <ForgotPasswordForm
      busy={form.busy}
      waiting={form.throttled}
      success={sent}
      errors={form.fieldErrors}
      formError={failureText(form.formFailure, t)}
      validate={(values) => translateChecks(t, accountChecks.forgot(values))}
      onSubmit={({ email }) => session.send({ type: 'reset.request', values: { email } })}
      onNavigate={navigate}
    />
  );
}
