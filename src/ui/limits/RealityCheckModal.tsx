import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../shared/duration';
import { formatSignedUsd } from '../../shared/format';
import { Alert } from '../forms/form-kit';
import { Button } from '../primitives/Button';
import { Modal } from '../primitives/Modal';
import { styled } from '../stitches.config';

export interface RealityCheckModalProps {
  open: boolean;
  /** Minutes since the sign-in, the session's bets and its settled net result (USD). */
  figures: { minutes: number; bets: number; net: number } | null;
  busy?: boolean;
  error?: string | undefined;
  onContinue: () => void;
  onStop: () => void;
}

const Figures = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'auto auto',
  gap: '$2 $4',
  margin: '$3 0',
  '& dt': { color: '$textMuted' },
  '& dd': { margin: 0, fontWeight: '$bold', textAlign: 'end' },
});

/** The reality check: how long the trader has been trading, the bets and the result; continue or stop for today. */
export function RealityCheckModal({ open, figures, busy = false, error, onContinue, onStop }: RealityCheckModalProps) {
  const { t, i18n } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('limits.reality.title')}
      onClose={busy ? () => undefined : onContinue}
      actions={
        <>
          <Button variant="outline" onClick={onStop} busy={busy}>
            {t('limits.reality.stop')}
          </Button>
          <Button variant="primary" onClick={onContinue} disabled={busy}>
            {t('limits.reality.continue')}
          </Button>
        </>
      }
    >
      {figures && (
        <Figures>
          <dt>{t('limits.reality.time')}</dt>
          <dd>{formatDuration(figures.minutes * 60, i18n.language)}</dd>
          <dt>{t('limits.reality.bets')}</dt>
          <dd>{figures.bets}</dd>
          <dt>{t('limits.reality.net')}</dt>
          <dd>{formatSignedUsd(figures.net, i18n.language)}</dd>
        </Figures>
      )}
      <p>{t('limits.reality.stop_hint')}</p>
      {error && (
        <Alert tone="danger" role="alert" css={{ marginTop: '$4', marginBottom: 0 }}>
          {error}
        </Alert>
      )}
    </Modal>
  );
}
