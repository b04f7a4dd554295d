import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { securityActors } from '../../machines/security/security.actors';
import { securityMachine } from '../../machines/security/security.machine';
import {
  selectPasskeysBusy,
  selectPasskeysSigning,
  selectPasskeysStage,
  selectSessionsBusy,
  selectSessionsStage,
  selectTotpBusy,
  selectTotpPasskey,
  selectTotpStage,
} from '../../machines/security/security.selectors';
import { failureView } from '../../machines/session/session.selectors';
import { SettingsTabs } from '../../ui/forms/SettingsTabs';
import { PasskeysPanel } from '../../ui/security/PasskeysPanel';
import { SecurityPanel } from '../../ui/security/SecurityPanel';
import { browserPasskeyPrompt } from '../../api/passkey-prompt';
import { failureText } from '../auth/use-session';
import { useApi, useRegisteredActor } from '../app-services';

/** /settings/security: two-factor sign-in, passkeys, the live sessions and the sign-in history. */
export default function SecurityRoute() {
  const { t } = useTranslation();
  const api = useApi();
  const [location, navigate] = useLocation();
  const machine = useMemo(() => securityMachine.provide({ actors: securityActors(api, browserPasskeyPrompt) }), [api]);
  const actor = useRegisteredActor('security', machine);
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  const totpFailure = failureView(context.totpFailure);
  const sessionsFailure = failureView(context.sessionsFailure);
  const passkeyFailure = failureView(context.passkeyFailure);
  const totpPasskey = selectTotpPasskey(snapshot);
  return (
    <>
      <SettingsTabs current={location} onNavigate={navigate} />
      <SecurityPanel
        totp={{
          stage: selectTotpStage(snapshot),
          busy: selectTotpBusy(snapshot),
          enabledAt: context.security?.totp.enabled_at ?? null,
          recoveryCodesLeft: context.security?.totp.recovery_codes_left ?? 0,
          setup: context.setup,
          recoveryCodes: context.recoveryCodes,
          // A refused or missing passkey is said above the forms: it has no field of its own.
          error: failureText(totpFailure.formFailure, t) ?? totpFailure.fieldErrors.passkey,
          codeError: totpFailure.fieldErrors.code,
          passkey: totpPasskey.offered ? { signing: totpPasskey.signing } : undefined,
        }}
        sessions={{
          stage: selectSessionsStage(snapshot),
          busy: selectSessionsBusy(snapshot),
          items: context.sessions,
          signIns: context.signIns,
          error: failureText(sessionsFailure.formFailure, t),
        }}
        onTotpStart={() => actor.send({ type: 'totp.start' })}
        onTotpConfirm={(code) => actor.send({ type: 'totp.confirm', code })}
        onTotpCancel={() => actor.send({ type: 'totp.cancel' })}
        onCodesDone={() => actor.send({ type: 'codes.done' })}
        onTotpDisable={(code) => actor.send({ type: 'totp.disable', code })}
        onTotpChange={(code) => actor.send({ type: 'totp.change', code })}
        onCodesRenew={(code) => actor.send({ type: 'codes.renew', code })}
        onTotpPasskey={(step) => actor.send({ type: 'totp.usePasskey', step })}
        onTotpRetry={() => actor.send({ type: 'totp.retry' })}
        onSessionEnd={(id) => actor.send({ type: 'session.end', id })}
        onSessionsEndOthers={() => actor.send({ type: 'sessions.endOthers' })}
        onSessionsRetry={() => actor.send({ type: 'sessions.retry' })}
      />
      <PasskeysPanel
        passkeys={context.security?.passkeys ?? null}
        stage={selectPasskeysStage(snapshot)}
        removing={context.removingPasskey}
        factors={{ code: context.security?.totp.enabled === true, passkey: (context.security?.passkeys.length ?? 0) > 0 }}
        busy={selectPasskeysBusy(snapshot)}
        signing={selectPasskeysSigning(snapshot)}
        error={failureText(passkeyFailure.formFailure, t)}
        fieldErrors={passkeyFailure.fieldErrors}
        onAddStart={() => actor.send({ type: 'passkey.addStart' })}
        onAdd={({ name, password, proof }) => actor.send({ type: 'passkey.add', name, password, proof })}
        onRemoveStart={(id) => actor.send({ type: 'passkey.removeStart', id })}
        onRemove={({ password, proof }) => actor.send({ type: 'passkey.remove', password, proof })}
        onCancel={() => actor.send({ type: 'passkey.cancel' })}
      />
    </>
  );
}
