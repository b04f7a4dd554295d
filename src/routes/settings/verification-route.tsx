import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { verificationActors } from '../../machines/verification/verification.actors';
import { verificationMachine } from '../../machines/verification/verification.machine';
import { selectKyc, selectKycProblem, selectKycSending, selectVerificationStatus } from '../../machines/verification/verification.selectors';
import { SettingsTabs } from '../../ui/forms/SettingsTabs';
import { VerificationPanel } from '../../ui/limits/VerificationPanel';
import { LoadFailed } from './load-failed';
import { Skeleton } from '../../ui/primitives/Skeleton';
import { useApi, useRegisteredActor } from '../app-services';
import { problemText } from '../support/problem-text';

/** /settings/verification: the identity document and the proof of address (KYC). */
export default function VerificationRoute() {
  const { t } = useTranslation();
  const [location, navigate] = useLocation();
  const api = useApi();
  const machine = useMemo(() => verificationMachine.provide({ actors: verificationActors(api.limits) }), [api]);
  const actor = useRegisteredActor('verification', machine);
  const status = useSelector(actor, selectVerificationStatus);
  const kyc = useSelector(actor, selectKyc);
  const problem = useSelector(actor, selectKycProblem);
  const sending = useSelector(actor, selectKycSending);
  let body;
  if (status === 'failed') {
    body = <LoadFailed onRetry={() => actor.send({ type: 'retry' })}>{problemText(t, problem, 'limits.kyc.load_failed')}</LoadFailed>;
  } else if (!kyc) {
    body = <Skeleton shape="box" height="20rem" />;
  } else {
    body = (
      <VerificationPanel
        kyc={kyc}
        sending={sending}
        error={problemText(t, problem, 'limits.kyc.upload_failed') ?? undefined}
        onUpload={(kind, file) => actor.send({ type: 'upload', kind, file })}
      />
    );
  }
  return (
    <>
      <SettingsTabs current={location} onNavigate={navigate} />
      {body}
    </>
  );
}
