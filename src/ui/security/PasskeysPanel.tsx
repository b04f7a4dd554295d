import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format';
import { Alert } from '../forms/form-kit';
import { Button } from '../primitives/Button';
import { TextField } from '../primitives/Field';
import { Heading, Muted, Panel, Row } from './security-kit';

export interface PasskeyItem {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A fresh second factor as the form gives it: the app's code, or "confirm with a passkey"; none when the account has no factor. */
interface FreshProof {
  code?: string;
  passkey?: boolean;
}

/** The second factors the account has: each one can confirm adding or removing a passkey. */
interface AccountFactors {
  code: boolean;
  passkey: boolean;
}

interface PasskeyFormValues {
  name: string;
  password: string;
  proof: FreshProof;
}

export interface PasskeysPanelProps {
  /** The account's passkeys; null until the security state has loaded. */
  passkeys: PasskeyItem[] | null;
  /** `naming`: the new passkey's form is open; `confirmingRemoval`: the password is asked for `removing`. */
  stage: 'idle' | 'naming' | 'confirmingRemoval';
  removing: string | null;
  factors: AccountFactors;
  busy: boolean;
  /** The browser's prompt is open for the passkey that confirms adding or removing one. */
  signing?: boolean;
  /** Already translated. */
  error?: string | undefined;
  fieldErrors?: Record<string, string>;
  onAddStart: () => void;
  onAdd: (values: PasskeyFormValues) => void;
  onRemoveStart: (id: string) => void;
  onRemove: (values: Omit<PasskeyFormValues, 'name'>) => void;
  onCancel: () => void;
}

/**
 * The passkeys of the account in Security settings: listed with when each was added and last used;
 * adding one asks for its name and the password (then the browser's prompt), removing one asks for
 * the password; either also asks for a fresh second factor when the account has one (the app's
 * code, or a passkey's prompt), so a session and a password alone cannot change them.
 */
export function PasskeysPanel(props: PasskeysPanelProps) {
  const { t, i18n } = useTranslation();
  const when = (at: string) => formatDateTime(at, i18n.language);
  const { passkeys, stage, busy } = props;
  return (
    <Panel aria-labelledby="passkeys-heading" aria-busy={busy || undefined}>
      <Heading id="passkeys-heading">{t('security.passkeys.title')}</Heading>
      <Muted>{t('security.passkeys.intro')}</Muted>
      {props.error && (
        <Alert tone="danger" role="alert">
          {props.error}
        </Alert>
      )}
      {props.signing && <Muted role="status">{t('security.second_factor.passkey_waiting')}</Muted>}
      {passkeys === null && <Muted role="status">{t('security.loading')}</Muted>}
      {passkeys?.length === 0 && <Muted>{t('security.passkeys.none')}</Muted>}
      {passkeys && passkeys.length > 0 && (
        <ul aria-label={t('security.passkeys.title')}>
          {passkeys.map((item) => (
            <li key={item.id}>
              <Row css={{ justifyContent: 'space-between', alignItems: 'center', paddingBlock: '$2' }}>
                <div>
                  <strong>{item.name}</strong>
                  <Muted>
                    {t('security.passkeys.added', { date: when(item.created_at) })}
                    {' · '}
                    {item.last_used_at ? t('security.passkeys.used', { date: when(item.last_used_at) }) : t('security.passkeys.never_used')}
                  </Muted>
                </div>
                {stage !== 'confirmingRemoval' && (
                  <Button size="sm" variant="outline" disabled={busy} onClick={() => props.onRemoveStart(item.id)} aria-label={t('security.passkeys.remove_named', { name: item.name })}>
                    {t('security.passkeys.remove')}
                  </Button>
                )}
              </Row>
              {stage === 'confirmingRemoval' && props.removing === item.id && (
                <PasswordForm
                  submit={t('security.passkeys.remove')}
                  tone="danger"
                  factors={props.factors}
                  busy={busy}
                  errors={props.fieldErrors}
                  onSubmit={({ password, proof }) => props.onRemove({ password, proof })}
                  onCancel={props.onCancel}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {passkeys && stage === 'idle' && (
        <Row>
          <Button variant="primary" onClick={props.onAddStart}>
            {t('security.passkeys.add')}
          </Button>
        </Row>
      )}
      {stage === 'naming' && (
        <PasswordForm
          withName
          submit={t('security.passkeys.create')}
          factors={props.factors}
          busy={busy}
          errors={props.fieldErrors}
          onSubmit={props.onAdd}
          onCancel={props.onCancel}
        />
      )}
    </Panel>
  );
}

interface PasswordFormProps {
  submit: string;
  busy: boolean;
  withName?: boolean;
  tone?: 'danger';
  factors: AccountFactors;
  /** The server's refusals by field: name, password, code, passkey. */
  errors?: Record<string, string> | undefined;
  onSubmit: (values: PasskeyFormValues) => void;
  onCancel: () => void;
}

/**
 * The password asked again (and, for a new passkey, its name) before the account's sign-in changes,
 * with the fresh factor: a code field when the app is on, "use a passkey" when the account has one
 * (the only way when a passkey is its only factor).
 */
function PasswordForm({ submit, busy, withName, tone, factors, errors = {}, onSubmit, onCancel }: PasswordFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<Record<string, string>>({});
  const send = (withPasskey: boolean) => {
    if (busy) return;
    const required = t('validation.required');
    const checks = {
      ...(withName && !name.trim() ? { name: required } : {}),
      ...(password ? {} : { password: required }),
      ...(factors.code && !withPasskey && !code.trim() ? { code: required } : {}),
    };
    setMissing(checks);
    if (Object.keys(checks).length > 0) return;
    const proof: FreshProof = withPasskey ? { passkey: true } : factors.code ? { code: code.trim() } : {};
    onSubmit({ name: name.trim(), password, proof });
  };
  const passkeyOnly = factors.passkey && !factors.code;
  const handle = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send(passkeyOnly);
  };
  return (
    <form onSubmit={handle} aria-label={submit} noValidate>
      {errors.passkey && (
        <Alert tone="danger" role="alert">
          {errors.passkey}
        </Alert>
      )}
      <Row>
        {withName && (
          <TextField label={t('security.passkeys.name')} hint={t('security.passkeys.name_hint')} value={name} onChange={setName} maxLength={60} error={missing.name ?? errors.name} />
        )}
        <TextField label={t('security.passkeys.password')} type="password" autoComplete="current-password" value={password} onChange={setPassword} error={missing.password ?? errors.password} />
        {factors.code && (
          <TextField label={t('security.second_factor.code')} autoComplete="one-time-code" inputMode="numeric" value={code} onChange={setCode} maxLength={32} error={missing.code ?? errors.code} />
        )}
        <Button type="submit" variant={tone ?? 'primary'} busy={busy}>
          {passkeyOnly ? t('security.second_factor.use_passkey') : submit}
        </Button>
        {factors.passkey && factors.code && (
          <Button type="button" variant="outline" disabled={busy} onClick={() => send(true)}>
            {t('security.second_factor.use_passkey')}
          </Button>
        )}
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('security.passkeys.cancel')}
        </Button>
      </Row>
    </form>
  );
}
