import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { UserInfo } from '../../api/contract/user';
import { accountChecks } from '../../machines/session/account-checks';
import { failureView, selectConfirmation, selectProfile } from '../../machines/session/session.selectors';
import { PersonalDataForm, type PersonalDataValues } from '../../ui/forms/PersonalDataForm';
import { SettingsTabs } from '../../ui/forms/SettingsTabs';
import { LoadFailed } from './load-failed';
import { Skeleton } from '../../ui/primitives/Skeleton';
import { Alert } from '../../ui/forms/form-kit';
import { styled } from '../../ui/stitches.config';
import { failureText, translateChecks, useSessionPage } from '../auth/use-session';
import { ResultNotificationsSetting } from './result-notifications';
import { deviceTimeZone, timeZoneOptions } from './time-zones';

const Loading = styled('div', { maxWidth: '40rem', margin: '0 auto' });
const Preferences = styled('div', { maxWidth: '40rem', margin: '$4 auto 0' });

/** The stored data as form values: a missing value is an empty field. */
const valuesOf = (profile: UserInfo): PersonalDataValues => ({
  first_name: profile.first_name ?? '',
  last_name: profile.last_name ?? '',
  phone: profile.phone ?? '',
  country: profile.country ?? '',
  birth_date: profile.birth_date ?? '',
  time_zone: profile.time_zone ?? '',
});

/** /settings/personal: names, phone, country and birth date (multipart; a cleared field is stored as empty). */
export default function PersonalDataRoute() {
  const { t, i18n } = useTranslation();
  const [location, navigate] = useLocation();
  const session = useSessionPage();
  const stage = useSelector(session, (s) => selectProfile(s).stage);
  const saved = useSelector(session, (s) => selectProfile(s).saved);
  const profile = useSelector(session, (s) => s.context.profile);
  const failure = useSelector(session, (s) => s.context.profileFailure);
  const view = useMemo(() => failureView(failure), [failure]);
  const sending = useSelector(session, (s) => selectConfirmation(s).sending);
  const sent = useSelector(session, (s) => selectConfirmation(s).sent);
  const confirmationFailure = useSelector(session, (s) => s.context.confirmationFailure);

  useEffect(() => {
    session.send({ type: 'profile.load' });
  }, [session]);
  // Some 400 zones, each with its offset: worked out once per language and stored zone.
  const storedZone = profile?.time_zone ?? null;
  const zones = useMemo(
    () => timeZoneOptions(t('auth.profile.time_zone_device', { zone: deviceTimeZone() }), storedZone, i18n.language),
    [t, storedZone, i18n.language],
  );

  let body;
  if (stage === 'loadFailed') {
    body = (
      <LoadFailed onRetry={() => session.send({ type: 'profile.load' })}>
        {t('auth.profile.load_failed')} {failureText(failure, t)}
      </LoadFailed>
    );
  } else if (profile && (stage === 'ready' || stage === 'saving')) {
    body = (
      <>
        {confirmationFailure && (
          <Alert tone="danger" role="alert">
            {failureText(confirmationFailure, t)}
          </Alert>
        )}
        <PersonalDataForm
          // A saved answer is the stored data: the form starts again from it.
          key={JSON.stringify(profile)}
          email={profile.email}
          accountId={profile.account_id}
          emailConfirmed={profile.email_confirmed}
          timeZoneOptions={zones}
          initialValues={valuesOf(profile)}
          busy={stage === 'saving'}
          success={saved}
          errors={view.fieldErrors}
          formError={failureText(view.formFailure, t)}
          validate={(values) => translateChecks(t, accountChecks.personal(values))}
          onSubmit={(values) => session.send({ type: 'profile.save', values })}
          resendBusy={sending}
          resendSent={sent}
          onResendConfirmation={() => session.send({ type: 'confirmation.send' })}
        />
      </>
    );
  } else {
    body = (
      <Loading aria-busy="true">
        <Skeleton shape="box" height="24rem" />
      </Loading>
    );
  }
  return (
    <>
      <SettingsTabs current={location} onNavigate={navigate} />
      {body}
      <Preferences>
        <ResultNotificationsSetting />
      </Preferences>
    </>
  );
}
