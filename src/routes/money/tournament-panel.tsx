import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { tournamentActors } from '../../machines/tournament/tournament.actors';
import { tournamentMachine } from '../../machines/tournament/tournament.machine';
import { useApi, useRegisteredActor, useWallets } from '../app-services';
import { TournamentPanel as TournamentPanelView } from '../../ui/money/TournamentPanel';

/** The clock of the time left: a minute resolution is all the panel shows. */
const CLOCK_MS = 30_000;

/**
 * The tournament panel for /home: the running tournaments (the one the trader plays in, else the
 * weekly one, until another is picked), joining one (a paid one goes through /purchase), the time
 * left, the leaderboard and the trader's rank.
 */
export function TournamentPanel() {
  const api = useApi();
  const { select: selectWallet } = useWallets();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  // wouter's navigate and the wallet selector are stable, so the machine is made once.
  const machine = useMemo(
    () =>
      tournamentMachine.provide({
        actors: tournamentActors(api.tournaments),
        actions: {
          navigate: (_, { url }) => navigate(url),
          switchToTournamentWallet: () => selectWallet('tournament'),
        },
      }),
    [api, navigate, selectWallet],
  );
  const actor = useRegisteredActor('tournament', machine);
  const snapshot = useSelector(actor, (s) => s);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);
  const { context } = snapshot;
  return (
    <TournamentPanelView
      tournament={context.tournament}
      leaderboard={context.leaderboard?.items ?? []}
      you={context.leaderboard?.you ?? null}
      now={now}
      joining={snapshot.matches('joining')}
      problem={context.problem ? context.problem.message || t('money.error.generic') : null}
      choices={context.running}
      onSelect={(id) => actor.send({ type: 'select', id })}
      onJoin={() => actor.send({ type: 'join' })}
      onRetry={() => actor.send({ type: 'retry' })}
    />
  );
}
