import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../shared/duration';
import { formatDateTime } from '../../shared/format';
import { isTimeoutKind, TIMEOUT_PERIODS } from '../../shared/time-outs';
import { Alert } from '../forms/form-kit';
import { Button } from '../primitives/Button';
import { Card, CardTitle } from '../primitives/Card';
import { SelectField, TextField } from '../primitives/Field';
import { Modal } from '../primitives/Modal';
import { styled } from '../stitches.config';
import type { ExclusionRequestView as ExclusionRequest, ExclusionView as Exclusion } from './types';

export interface ExclusionPanelProps {
  /** The running self-exclusion, if any. */
  exclusion: Exclusion | null;
  /** The server's refusal of the last request, translated. */
  error?: string | undefined;
  /** A request waiting for the trader's confirmation. */
  asked: ExclusionRequest | null;
  busy?: boolean;
  onAsk: (request: ExclusionRequest) => void;
  onConfirm: () => void;
  onCancel: () => void;
}

const Panel = styled(Card, { width: 'min(40rem, 100%)', margin: '$5 auto 0', display: 'grid', gap: '$3' });
const Text = styled('p', { fontSize: '$sm', color: '$textMuted' });

const KINDS = ['timeout_24h', 'timeout_7d', 'timeout_6w', 'until_date'] as const;

/**
 * Self-exclusion: a time-out or an exclusion until a date, confirmed in a dialog because it cannot
 * be undone; while one runs, the panel says until when and offers nothing else.
 */
export function ExclusionPanel({ exclusion, error, asked, busy = false, onAsk, onConfirm, onCancel }: ExclusionPanelProps) {
  const { t, i18n } = useTranslation();
  const [kind, setKind] = useState<(typeof KINDS)[number]>('timeout_24h');
  const [until, setUntil] = useState('');
  const [missingDate, setMissingDate] = useState(false);
  const kindName = (k: (typeof KINDS)[number]) =>
    isTimeoutKind(k) ? t('limits.exclusion.kind_timeout', { duration: formatDuration(TIMEOUT_PERIODS[k], i18n.language) }) : t(`limits.exclusion.kind_${k}`);

  const ask = () => {
    if (kind !== 'until_date') return onAsk({ kind });
    if (!/^\d{4}-\d{2}-\d{2}$/.test(until)) return setMissingDate(true);
    setMissingDate(false);
    onAsk({ kind, until });
  };

  return (
    <Panel as="section" aria-labelledby="exclusion-title">
      <CardTitle id="exclusion-title">{t('limits.exclusion.title')}</CardTitle>
      {exclusion ? (
        <Alert tone="danger" role="status">
          {t('limits.exclusion.running', { until: formatDateTime(exclusion.until, i18n.language) })}
        </Alert>
      ) : (
        <>
          <Text>{t('limits.exclusion.intro')}</Text>
          {error && (
            <Alert tone="danger" role="alert">
              {error}
            </Alert>
          )}
          <SelectField
            label={t('limits.exclusion.kind')}
            value={kind}
            options={KINDS.map((k) => ({ value: k, label: kindName(k) }))}
            onChange={(value) => setKind(value as (typeof KINDS)[number])}
          />
          {kind === 'until_date' && (
            <TextField
              type="date"
              label={t('limits.exclusion.until')}
              value={until}
              onChange={setUntil}
              error={missingDate ? t('validation.date') : undefined}
              hint={t('limits.exclusion.until_hint')}
            />
          )}
          <Button variant="danger" onClick={ask}>
            {t('limits.exclusion.start')}
          </Button>
        </>
      )}
      <Modal
        open={asked !== null}
        title={t('limits.exclusion.confirm_title')}
        onClose={busy ? () => undefined : onCancel}
        actions={
          <>
            <Button variant="outline" onClick={onCancel} disabled={busy}>
              {t('shell.close-btn')}
            </Button>
            <Button variant="danger" onClick={onConfirm} busy={busy}>
              {t('limits.exclusion.confirm')}
            </Button>
          </>
        }
      >
        {asked && t('limits.exclusion.confirm_text', { what: asked.kind === 'until_date' ? t('limits.exclusion.until_what', { date: asked.until }) : kindName(asked.kind) })}
      </Modal>
    </Panel>
  );
}
