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

export interface PasskeysPanelProps {
  /** The account's passkeys; null until the security state has loaded. */
  passkeys: PasskeyItem[] | null;
  /** `naming`: the new passkey's form is open; `confirmingRemoval`: the password is asked for `removing`. */
  stage: 'idle' | 'naming' | 'confirmingRemoval';
  removing: string | null;
  busy: boolean;
  /** Already translated. */
  error?: string | undefined;
  fieldErrors?: Record<string, string>;
  onAddStart: () => void;
  onAdd: (values: { name: string; password: string }) => void;
  onRemoveStart: (id: string) => void;
  onRemove: (password: string) => void;
  onCancel: () => void;
}

/**
 * The passkeys of the account in Security settings: listed with when each was added and last used;
 * adding one asks for its name and the password (then the browser's prompt), removing one asks for
 * the password.
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
                  busy={busy}
                  error={props.fieldErrors?.password}
                  onSubmit={({ password }) => props.onRemove(password)}
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
          busy={busy}
          error={props.fieldErrors?.password}
          nameError={props.fieldErrors?.name}
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
  error?: string | undefined;
  nameError?: string | undefined;
  onSubmit: (values: { name: string; password: string }) => void;
  onCancel: () => void;
}

/** The password asked again (and, for a new passkey, its name) before the account's sign-in changes. */
function PasswordForm({ submit, busy, withName, tone, error, nameError, onSubmit, onCancel }: PasswordFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<Record<string, string>>({});
  const handle = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const required = t('validation.required');
    const checks = { ...(withName && !name.trim() ? { name: required } : {}), ...(password ? {} : { password: required }) };
    setMissing(checks);
    if (Object.keys(checks).length === 0) onSubmit({ name: name.trim(), password });
  };
  return (
    <form onSubmit={handle} aria-label={submit} noValidate>
      <Row>
        {withName && (
          <TextField label={t('security.passkeys.name')} hint={t('security.passkeys.name_hint')} value={name} onChange={setName} maxLength={60} error={missing.name ?? nameError} />
        )}
        <TextField label={t('security.passkeys.password')} type="password" autoComplete="current-password" value={password} onChange={setPassword} error={missing.password ?? error} />
        <Button type="submit" variant={tone ?? 'primary'} busy={busy}>
          {submit}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('security.passkeys.cancel')}
        </Button>
      </Row>
    </form>
  );
}
