import { useTranslation } from 'react-i18next';
import { Button } from '../primitives/Button';
import { styled } from '../stitches.config';

export interface FundsActionsProps {
  /** Absent when the trader already trades on the demo wallet. */
  onSwitchToDemo?: (() => void) | undefined;
  onDeposit: () => void;
}

const Row = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$2' });

/**
 * The way forward from "insufficient funds": play money at once, or a deposit. Every place that
 * refuses for want of money shows it next to its message.
 */
export function FundsActions({ onSwitchToDemo, onDeposit }: FundsActionsProps) {
  const { t } = useTranslation();
  return (
    <Row role="group" aria-label={t('money.funds.actions')}>
      {onSwitchToDemo && (
        <Button size="sm" variant="primary" onClick={onSwitchToDemo}>
          {t('money.funds.switch_demo')}
        </Button>
      )}
      <Button size="sm" variant={onSwitchToDemo ? 'secondary' : 'primary'} onClick={onDeposit}>
        {t('money.funds.deposit')}
      </Button>
    </Row>
  );
}
