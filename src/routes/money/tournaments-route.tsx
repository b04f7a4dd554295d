import { useTranslation } from 'react-i18next';
import { MoneyPage } from '../../ui/money/MoneyPage';
import { TournamentPanel } from './tournament-panel';

/** /tournaments: the running tournaments on a page of their own (the menus link here). */
export function TournamentsRoute() {
  const { t } = useTranslation();
  return (
    <MoneyPage title={t('money.page.tournaments')}>
      <TournamentPanel />
    </MoneyPage>
  );
}
