import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { linkTokenSchema } from '../../api/contract/auth';
import { accountChecks } from '../../machines/session/account-checks';
import { ResetPasswordForm } from '../../ui/forms/ResetPasswordForm';
import { selectSecondFactorStep } from '../../machines/session/session.selectors';
import { SecondFactorStep } from './login-route';
import { failureText, translateChecks, useAccountForm, useSessionPage } from './use-session';

/** The token of the emailed link (`/reset-password?token=...`), or null when it is missing or malformed. */
export function resetTokenOf(search: string): string | null {
  const token = new URLSearchParams(search).get('token');
  return token !== null && linkTokenSchema.safeParse({ token }).success ? token : null;
}

/** /reset-password?token=...: sets a new password from the emailed link, which signs the trader in. */
export default function ResetPasswordRoute() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const token = resetTokenOf(useSearch());
  // The guard takes the signed-in trader to /home; the app's session wiring says why in a toast.
  const session = useSessionPage();
  const form = useAccountForm(session);
  // With two-factor sign-in on, the new password is set and the code is asked before signing in.
  const secondFactor = useSelector(session, selectSecondFactorStep);
  if (secondFactor) return <SecondFactorStep session={session} />;
  return (
    <ResetPasswordForm
      busy={form.busy}
      waiting={form.throttled || token === null}
      errors={form.fieldErrors}
      formError={token === null ? t('auth.reset_token.missing') : failureText(form.formFailure, t)}
      validate={(values) => translateChecks(t, accountChecks.reset(values))}
      onSubmit={(values) => {
        if (token) session.send({ type: 'reset.submit', token, values });
      }}
      onNavigate={navigate}
    />
  );
}
