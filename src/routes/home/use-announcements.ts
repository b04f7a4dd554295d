import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bet } from '../../api/contract/bets';
import { selectPlaced } from '../../machines/betSlip/betSlip.selectors';
import { selectOpenBets, selectRefusedClose, selectShownResult } from '../../machines/bets/bets.selectors';
import { formatUsd } from '../../ui/format';
import type { Announcement } from '../../ui/trading/LiveAnnouncer';
import { formatProfit } from '../../ui/trading/format';
import { useWallets } from '../app-services';
import type { BetSlipRef, BetsRef } from './use-trading';

/** An open bet is announced once when this many seconds are left. */
const COUNTDOWN_ANNOUNCED_AT = 10;
/**
 * A winning or refunded result waits this long at most for its wallet's new balance (the socket
 * delivers the bet and the wallets as two messages), so it is said once, with the balance.
 */
const RESULT_BALANCE_WAIT_MS = 3000;

export type Announce = (text: string) => void;

/** The text of the trading room's one live region and the way to change it. */
export function useAnnouncer(): { announcement: Announcement | null; announce: Announce } {
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
  const announce = useCallback<Announce>((text) => setAnnouncement((last) => ({ id: (last?.id ?? 0) + 1, text })), []);
  return { announcement, announce };
}

/**
 * What the room says by itself: the bet placed, each open bet's last 10 seconds, each result
 * with the new balance of its wallet (a bet sold back too), and an early close refused. (The price, the stake and the rest are said on request by
 * the room's keys.)
 */
export function useTradingAnnouncements({ betSlip, bets }: { betSlip: BetSlipRef; bets: BetsRef }, announce: Announce) {
  const { t, i18n } = useTranslation();
  const usd = (amount: number) => formatUsd(amount, i18n.language);
  const betLine = (bet: Pick<Bet, 'symbol' | 'direction' | 'amount'>) => ({
    symbol: bet.symbol,
    direction: t(`trading.direction.${bet.direction}`),
    amount: usd(bet.amount),
  });

  const placed = useSelector(betSlip, selectPlaced);
  useEffect(() => {
    if (placed) announce(t('trading.slip.placed', betLine(placed)));
    // Once per bet placed: the texts follow the language of the moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [placed?.id, announce]);

  const ending = useSelector(bets, (s) =>
    selectOpenBets(s)
      .filter((bet) => bet.secondsLeft > 0 && bet.secondsLeft <= COUNTDOWN_ANNOUNCED_AT)
      .map((bet) => bet.id)
      .join(),
  );
  const counted = useRef(new Set<number>());
  useEffect(() => {
    const opened = bets.getSnapshot().context.opened;
    for (const bet of opened) {
      if (!ending.split(',').includes(String(bet.id)) || counted.current.has(bet.id)) continue;
      counted.current.add(bet.id);
      announce(t('trading.announce.countdown', betLine(bet)));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ending, bets, announce]);

  // A sale refused, once per attempt: with the server's reason, or ours when it never answered.
  const refused = useSelector(bets, selectRefusedClose);
  useEffect(() => {
    if (refused) announce(bets.getSnapshot().context.closeProblem?.message || t('trading.close.failed'));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refused, bets, announce]);

  const shown = useSelector(bets, selectShownResult);
  const { wallets } = useWallets();
  const latestWallets = useRef(wallets);
  const waiting = useRef<{ bet: Bet; balanceBefore: number | null } | null>(null);
  const balanceOf = (bet: Bet) => latestWallets.current.find((wallet) => wallet.wallet_type === bet.wallet_type)?.amount ?? null;
  const sayResult = (bet: Bet) => {
    waiting.current = null;
    const outcome = t(`trading.outcome.${bet.status}`, { symbol: bet.symbol });
    const balance = balanceOf(bet);
    const profit = formatProfit(bet.profit ?? 0, i18n.language);
    announce(t('trading.announce.result', { outcome, profit, balance: balance === null ? '—' : usd(balance) }));
  };
  useEffect(() => {
    if (!shown) return;
    // A lost bet's stake left at placement: the balance it reads now is the new one.
    if (shown.status === 'lost') return sayResult(shown);
    waiting.current = { bet: shown, balanceBefore: balanceOf(shown) };
    const timer = setTimeout(() => {
      if (waiting.current?.bet.id === shown.id) sayResult(shown);
    }, RESULT_BALANCE_WAIT_MS);
    return () => {
      clearTimeout(timer);
      // Dismissed (or the next one shown) before its balance came: said now, never dropped.
      if (waiting.current?.bet.id === shown.id) sayResult(shown);
    };
    // Once per result shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown?.id]);
  useEffect(() => {
    latestWallets.current = wallets;
    const pending = waiting.current;
    if (pending && balanceOf(pending.bet) !== pending.balanceBefore) sayResult(pending.bet);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wallets]);
}
