import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatPlace } from '../../shared/format';
import { Button } from '../primitives/Button';
import { TextField } from '../primitives/Field';
import { styled } from '../stitches.config';
import { Alert } from '../forms/form-kit';
import { QrCode } from './QrCode';
import { Heading, Muted, Panel, Row } from './security-kit';
import { VisuallyHidden } from '../primitives/VisuallyHidden';

/** A browser as the server read it from its user agent. */
export interface Device {
  browser: string | null;
  os: string | null;
  mobile: boolean;
}
/** Where the address was (the server's GeoIP database): the country's ISO code, the city already in the reader's language. */
interface Place {
  country: string;
  city: string | null;
}
interface SessionItem {
  id: string;
  device: Device;
  ip: string | null;
  place: Place | null;
  created_at: string;
  last_seen_at: string;
  current: boolean;
}
interface SignInItem {
  id: number;
  success: boolean;
  method: 'password' | 'totp' | 'recovery_code' | 'passkey';
  device: Device;
  ip: string;
  place: Place | null;
  created_at: string;
}

type TotpStage = 'loading' | 'loadFailed' | 'off' | 'enrolling' | 'codes' | 'on';

/** The panel's steps a passkey can confirm instead of a code. */
export type TotpPasskeyStep = 'disable' | 'change' | 'renew';

export interface SecurityPanelProps {
  totp: {
    stage: TotpStage;
    busy: boolean;
    enabledAt: string | null;
    recoveryCodesLeft: number;
    /** The pending secret and its otpauth:// address (enrolling). */
    setup: { secret: string; uri: string } | null;
    /** The new recovery codes, shown once. */
    recoveryCodes: string[] | null;
    /** Already translated. */
    error?: string | undefined;
    codeError?: string | undefined;
    /**
     * Present when the account has a passkey: it confirms each step (turning the app on asks for it
     * first); `signing` while the browser's prompt is open.
     */
    passkey?: { signing: boolean } | undefined;
  };
  sessions: {
    stage: 'loading' | 'loadFailed' | 'ready';
    busy: boolean;
    items: SessionItem[];
    signIns: SignInItem[];
    error?: string | undefined;
  };
  onTotpStart: () => void;
  onTotpConfirm: (code: string) => void;
  onTotpCancel: () => void;
  onCodesDone: () => void;
  onTotpDisable: (code: string) => void;
  onTotpChange: (code: string) => void;
  onCodesRenew: (code: string) => void;
  /** Confirms the step with one of the account's passkeys (the browser's prompt opens). */
  onTotpPasskey: (step: TotpPasskeyStep) => void;
  onTotpRetry: () => void;
  onSessionEnd: (id: string) => void;
  onSessionsEndOthers: () => void;
  onSessionsRetry: () => void;
}

const Secret = styled('code', { fontFamily: '$mono', fontSize: '$md', wordBreak: 'break-all', letterSpacing: '0.1em' });
const Codes = styled('ol', { display: 'grid', gridTemplateColumns: 'repeat(2, max-content)', gap: '$2 $6', fontFamily: '$mono', paddingInlineStart: '$5' });
const Table = styled('table', {
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: '$sm',
  '& th, & td': { textAlign: 'start', padding: '$2', borderBottom: '1px solid $border', verticalAlign: 'top' },
});
/** A table scrolls sideways inside its box on a narrow screen, so the page never does (keyboard too); the box holds its visually hidden headers too (positioned). */
const TableBox = styled('div', { position: 'relative', overflowX: 'auto', maxWidth: '100%', '&:focus-visible': { outline: 'none', boxShadow: '$focus' } });
function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableBox tabIndex={0} role="group" aria-label={label}>
      <Table>{children}</Table>
    </TableBox>
  );
}

interface CodeFormProps {
  label: string;
  submit: string;
  busy: boolean;
  error?: string | undefined;
  onSubmit: (code: string) => void;
  /** The account's passkey confirms the step instead of a code. */
  onPasskey?: (() => void) | undefined;
  tone?: 'danger';
}

/** One code field and its button (and "use a passkey" when the account has one): the forms that take a (fresh) second factor. */
function CodeForm({ label, submit, busy, error, onSubmit, onPasskey, tone }: CodeFormProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const handle = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy && code.trim()) onSubmit(code.trim());
  };
  return (
    <form onSubmit={handle} aria-label={submit}>
      <Row>
        <TextField label={label} autoComplete="one-time-code" value={code} onChange={setCode} error={error} />
        <Button type="submit" variant={tone ?? 'primary'} busy={busy}>
          {submit}
        </Button>
        {onPasskey && (
          <Button type="button" variant="outline" disabled={busy} onClick={onPasskey}>
            {t('security.second_factor.use_passkey')}
          </Button>
        )}
      </Row>
    </form>
  );
}

const deviceText = (device: Device, unknown: string) => [device.browser, device.os].filter(Boolean).join(', ') || unknown;

/** A place in the reader's language, or a dash that a screen reader reads as "place unknown". */
function PlaceText({ place }: { place: Place | null }) {
  const { t, i18n } = useTranslation();
  const text = formatPlace(place, i18n.language);
  if (text) return text;
  return (
    <>
      <span aria-hidden="true">—</span>
      <VisuallyHidden>{t('security.sessions.place_unknown')}</VisuallyHidden>
    </>
  );
}

/** The Security settings: two-factor sign-in, the live sessions and the sign-in history. */
export function SecurityPanel(props: SecurityPanelProps) {
  const { t, i18n } = useTranslation();
  const { totp, sessions } = props;
  const codeLabel = t('security.second_factor.code');
  const withPasskey = (step: TotpPasskeyStep) => (totp.passkey ? () => props.onTotpPasskey(step) : undefined);
  const when = (at: string) => formatDateTime(at, i18n.language);
  return (
    <>
      <Panel aria-labelledby="totp-heading" aria-busy={totp.busy || undefined}>
        <Heading id="totp-heading">{t('security.totp.title')}</Heading>
        {totp.error && (
          <Alert tone="danger" role="alert">
            {totp.error}
          </Alert>
        )}
        {totp.stage === 'loading' && <Muted role="status">{t('security.loading')}</Muted>}
        {totp.passkey?.signing && <Muted role="status">{t('security.second_factor.passkey_waiting')}</Muted>}
        {totp.stage === 'loadFailed' && (
          <Button variant="outline" onClick={props.onTotpRetry}>
            {t('security.retry')}
          </Button>
        )}
        {totp.stage === 'off' && (
          <>
            <Muted>{t('security.totp.off')}</Muted>
            {totp.passkey && <Muted>{t('security.totp.start_passkey')}</Muted>}
            <Row>
              <Button variant="primary" busy={totp.busy} onClick={props.onTotpStart}>
                {t('security.totp.start')}
              </Button>
            </Row>
          </>
        )}
        {totp.stage === 'enrolling' && totp.setup && (
          <>
            <Muted>{t('security.totp.scan')}</Muted>
            <QrCode text={totp.setup.uri} label={t('security.totp.qr')} />
            <div>
              <Muted>{t('security.totp.secret')}</Muted>
              {/* A code, not words: no page translator may change it. */}
              <Secret data-testid="totp-secret" translate="no">
                {totp.setup.secret}
              </Secret>
            </div>
            <CodeForm label={codeLabel} submit={t('security.totp.confirm')} busy={totp.busy} error={totp.codeError} onSubmit={props.onTotpConfirm} />
            <Row>
              <Button variant="ghost" onClick={props.onTotpCancel}>
                {t('security.totp.cancel')}
              </Button>
            </Row>
          </>
        )}
        {totp.stage === 'codes' && totp.recoveryCodes && (
          <>
            <Alert tone="success" role="status">
              {t('security.codes.intro')}
            </Alert>
            <Codes aria-label={t('security.codes.title')} translate="no">
              {totp.recoveryCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </Codes>
            <Row>
              <Button variant="primary" onClick={props.onCodesDone}>
                {t('security.codes.done')}
              </Button>
            </Row>
          </>
        )}
        {totp.stage === 'on' && (
          <>
            <Muted>
              {t('security.totp.on', { date: totp.enabledAt ? when(totp.enabledAt) : '—', count: totp.recoveryCodesLeft })}
            </Muted>
            <Muted>{t(totp.passkey ? 'security.totp.fresh_passkey' : 'security.totp.fresh')}</Muted>
            <CodeForm label={codeLabel} submit={t('security.totp.disable')} tone="danger" busy={totp.busy} error={totp.codeError} onSubmit={props.onTotpDisable} onPasskey={withPasskey('disable')} />
            <CodeForm label={codeLabel} submit={t('security.totp.change')} busy={totp.busy} onSubmit={props.onTotpChange} onPasskey={withPasskey('change')} />
            <CodeForm label={codeLabel} submit={t('security.codes.renew')} busy={totp.busy} onSubmit={props.onCodesRenew} onPasskey={withPasskey('renew')} />
          </>
        )}
      </Panel>

      <Panel aria-labelledby="sessions-heading" aria-busy={sessions.busy || undefined}>
        <Heading id="sessions-heading">{t('security.sessions.title')}</Heading>
        {sessions.error && (
          <Alert tone="danger" role="alert">
            {sessions.error}
          </Alert>
        )}
        {sessions.stage === 'loading' && <Muted role="status">{t('security.loading')}</Muted>}
        {sessions.stage === 'loadFailed' && (
          <Button variant="outline" onClick={props.onSessionsRetry}>
            {t('security.retry')}
          </Button>
        )}
        {sessions.stage === 'ready' && (
          <>
            <ScrollTable label={t('security.sessions.title')}>
              <thead>
                <tr>
                  <th scope="col">{t('security.sessions.device')}</th>
                  <th scope="col">{t('security.sessions.ip')}</th>
                  <th scope="col">{t('security.sessions.place')}</th>
                  <th scope="col">{t('security.sessions.started')}</th>
                  <th scope="col">{t('security.sessions.last_seen')}</th>
                  <th scope="col">
                    <VisuallyHidden>{t('security.sessions.end')}</VisuallyHidden>
                  </th>
                </tr>
              </thead>
              <tbody>
                {sessions.items.map((item) => (
                  <tr key={item.id}>
                    <td>
                      {deviceText(item.device, t('security.device.unknown'))}
                      {item.current && <Muted as="span">{` · ${t('security.sessions.current')}`}</Muted>}
                    </td>
                    <td>{item.ip ?? '—'}</td>
                    <td>
                      <PlaceText place={item.place} />
                    </td>
                    <td>{when(item.created_at)}</td>
                    <td>{when(item.last_seen_at)}</td>
                    <td>
                      {!item.current && (
                        <Button size="sm" variant="outline" disabled={sessions.busy} onClick={() => props.onSessionEnd(item.id)}>
                          {t('security.sessions.end')}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
            {sessions.items.some((item) => !item.current) && (
              <Row>
                <Button variant="danger" busy={sessions.busy} onClick={props.onSessionsEndOthers}>
                  {t('security.sessions.end_others')}
                </Button>
              </Row>
            )}
            <Heading as="h3">{t('security.history.title')}</Heading>
            <ScrollTable label={t('security.history.title')}>
              <thead>
                <tr>
                  <th scope="col">{t('security.history.when')}</th>
                  <th scope="col">{t('security.history.result')}</th>
                  <th scope="col">{t('security.sessions.device')}</th>
                  <th scope="col">{t('security.sessions.ip')}</th>
                  <th scope="col">{t('security.sessions.place')}</th>
                </tr>
              </thead>
              <tbody>
                {sessions.signIns.map((item) => (
                  <tr key={item.id}>
                    <td>{when(item.created_at)}</td>
                    <td>{t(item.success ? `security.history.success.${item.method}` : `security.history.failure.${item.method}`)}</td>
                    <td>{deviceText(item.device, t('security.device.unknown'))}</td>
                    <td>{item.ip}</td>
                    <td>
                      <PlaceText place={item.place} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          </>
        )}
      </Panel>
    </>
  );
}
