import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { SocketStatus } from '../../api/socket';
import type { betSlipMachine } from '../../machines/betSlip/betSlip.machine';
import type { betsMachine } from '../../machines/bets/bets.machine';
import type { marketMachine } from '../../machines/market/market.machine';
import { selectCurrentPair, selectPairsLoading, selectPlatform } from '../../machines/market/market.selectors';
import { playTradingSound } from '../../ui/sound/trading-sounds';
import { useApi, useAudioEnabled, useConnectivity, useRealtime, useRegisteredActor, useWallets } from '../app-services';
import { notifyHiddenResult } from './hidden-result';
import { browserStorage, confirmBetsStorage, createTradingMachine, readMarketChoice, reconcileBets } from './trading-machine';

export type MarketRef = ActorRefFrom<typeof marketMachine>;
export type BetSlipRef = ActorRefFrom<typeof betSlipMachine>;
export type BetsRef = ActorRefFrom<typeof betsMachine>;

export interface Trading {
  market: MarketRef;
  betSlip: BetSlipRef;
  bets: BetsRef;
}

/** The statuses the market's link reacts to: up, or lost and being retried. */
const linkStatus = (status: SocketStatus) =>
  status === 'connected' || status === 'reconnecting' ? status : null;

/**
 * Runs the trading statecharts for the screen's lifetime and connects them to the app: realtime
 * messages and the socket's status go in, the market's pair subscriptions go out (and are dropped
 * when the screen closes), the current wallet and its balance reach the bet slip and the bets,
 * the chosen pair and the platform reach the bet slip, and sounds play while sound is on.
 */
export function useTrading(): Trading {
  const api = useApi();
  const realtime = useRealtime();
  const { current, wallets } = useWallets();
  const audioEnabled = useAudioEnabled();
  const { i18n } = useTranslation();

  // The statecharts live longer than one render: they read the switch through a ref.
  const soundOn = useRef(audioEnabled);
  useEffect(() => {
    soundOn.current = audioEnabled;
  }, [audioEnabled]);

  const [subscribed] = useState(() => new Set<string>());
  const [storage] = useState(browserStorage);
  const machine = useMemo(
    () =>
      createTradingMachine({
        api,
        storage,
        realtime: {
          subscribe: (pairs) => {
            for (const pair of pairs) subscribed.add(pair);
            realtime.subscribe(pairs);
          },
        },
        playSound: (sound) => {
          if (soundOn.current) playTradingSound(sound);
        },
        announceResult: (bet) => notifyHiddenResult(bet, i18n.t, i18n.language, storage),
      }),
    [api, realtime, storage, subscribed, i18n],
  );
  const actor = useRegisteredActor('trading', machine, {
    input: { walletType: current, ...readMarketChoice(storage), storedConfirmBets: confirmBetsStorage(storage).read() },
  });

  const children = actor.getSnapshot().children;
  const market = children.market as MarketRef;
  const betSlip = children.betSlip as BetSlipRef;
  const bets = children.bets as BetsRef;

  // Realtime in: every message, and the link's status (now and on every change).
  useEffect(() => {
    const sendStatus = (status: SocketStatus) => {
      const link = linkStatus(status);
      if (link) actor.send({ type: 'socket.status', status: link });
    };
    const offMessage = realtime.onMessage((message) => actor.send({ type: 'realtime.message', message }));
    const offStatus = realtime.onStatus(sendStatus);
    sendStatus(realtime.status());
    return () => {
      offMessage();
      offStatus();
    };
  }, [actor, realtime]);

  // Back after a lost connection: the bets are checked against the server for what the socket
  // could not deliver, and a bet whose answer was lost is sent again now, not after its pause.
  const connectivity = useConnectivity();
  useEffect(() => {
    if (connectivity !== 'back') return;
    betSlip.send({ type: 'connection.back' });
    const { walletType, opened } = bets.getSnapshot().context;
    reconcileBets(api.bets, { walletType, opened }, (bet) => bets.send({ type: 'bet.update', bet })).catch(
      // The next return or the next visit catches up; the screen keeps what it has.
      () => undefined,
    );
  }, [connectivity, api, bets, betSlip]);

  // The market listens to the link only once its pairs are loaded: tell it where the link stands then.
  const pairsLoading = useSelector(market, selectPairsLoading);
  useEffect(() => {
    const link = linkStatus(realtime.status());
    if (!pairsLoading && link) actor.send({ type: 'socket.status', status: link });
  }, [actor, realtime, pairsLoading]);

  // The screen closes: its pairs' ticks stop.
  useEffect(
    () => () => {
      if (subscribed.size > 0) realtime.unsubscribe([...subscribed]);
      subscribed.clear();
    },
    [realtime, subscribed],
  );

  const balance = wallets.find((wallet) => wallet.wallet_type === current)?.amount ?? null;
  useEffect(() => {
    betSlip.send({ type: 'slip.wallet', walletType: current, balance });
  }, [betSlip, current, balance]);
  useEffect(() => {
    bets.send({ type: 'bets.wallet', walletType: current });
  }, [bets, current]);

  // The slip's end time follows the clock past each purchase cutoff.
  const now = useSelector(bets, (snapshot) => snapshot.context.now);
  useEffect(() => {
    betSlip.send({ type: 'clock.tick', now });
  }, [betSlip, now]);

  const pair = useSelector(market, selectCurrentPair);
  const platform = useSelector(market, selectPlatform);
  useEffect(() => {
    betSlip.send({ type: 'slip.configure', pair, platform });
  }, [betSlip, pair, platform]);

  return { market, betSlip, bets };
}
