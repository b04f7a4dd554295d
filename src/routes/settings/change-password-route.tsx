import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { accountChecks } from '../../machines/session/account-checks';
import { selectPasswordChanged } from '../../machines/session/session.selectors';
import { ChangePasswordForm } from '../../ui/forms/ChangePasswordForm';
import { SettingsTabs } from '../../ui/forms/SettingsTabs';
import { failureText, translateChecks, useAccountForm, useSessionPage } from '../auth/use-session';

/** /settings: the password change (the server ends the trader's other sessions). */
export default function ChangePasswordRoute() {
  const { t } = useTranslation();
  const [location, navigate] = useLocation();
  const session = useSessionPage();
  const form = useAccountForm(session);
  const changed = useSelector(session, selectPasswordChanged);
  return (
    <>
      <SettingsTabs current={location} onNavigate={navigate} />
      <ChangePasswordForm
        busy={form.busy}
        waiting={form.throttled}
        success={changed}
        errors={form.fieldErrors}
        formError={failureText(form.formFailure, t)}
        validate={(values) => translateChecks(t, accountChecks.change(values))}
        onSubmit={(values) => session.send({ type: 'password.change', values })}
      />
    </>
  );
}
