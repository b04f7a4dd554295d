import { useTranslation } from 'react-i18next';
import { Sheet } from '../primitives/Sheet';
import { OpenBetsTable, type CloseEarlyHandlers } from './OpenBetsTable';
import type { OpenBetView } from './types';

export interface OpenBetsSheetProps {
  open: boolean;
  bets: OpenBetView[];
  loading?: boolean;
  onClose: () => void;
  closeEarly?: CloseEarlyHandlers | undefined;
}

/**
 * The open bets with their countdowns in a bottom sheet: on a phone they are one tap from the
 * trade bar, over the chart's lower part, and closing the sheet brings the chart back whole.
 */
export function OpenBetsSheet({ open, bets, loading = false, onClose, closeEarly }: OpenBetsSheetProps) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} title={t('trading.open.title')} onClose={onClose}>
      <OpenBetsTable bets={bets} loading={loading} closeEarly={closeEarly} />
    </Sheet>
  );
}
