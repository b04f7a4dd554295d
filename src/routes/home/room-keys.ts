import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { BetDirection } from '../../api/contract/bets';
import { WALLET_TYPES } from '../../api/contract/envelope';
import { moneyFromText } from '../../api/contract/money';
import { selectOpenBets } from '../../machines/bets/bets.selectors';
import { selectCurrentPair, selectCurrentRate, selectPairsLoading, selectPlatform } from '../../machines/market/market.selectors';
import type { Message } from '../../machines/money-flow/amount-rules';
import { cycleThrough, isTypingTarget, SHORTCUTS, shortcutFor, stepThrough } from '../../shared/keyboard-shortcuts';
import type { ShortcutAction } from '../../shared/keyboard-shortcuts';
import { formatUsd } from '../../ui/format';
import { formatDuration } from '../../shared/duration';
import type { ShortcutLine } from '../../ui/trading/ShortcutHelp';
import { digitsOfSymbol, formatRate, openBetLabel } from '../../ui/trading/format';
import { translateMessage } from '../money/translate-message';
import { useDisconnected, useWallets } from '../app-services';
import type { Announce } from './use-announcements';
import type { Trading } from './use-trading';

/** Where the room's keys move focus: the slip (the skip link's target too) and the chart's area. */
export const SLIP_ID = 'bet-slip';
export const CHART_AREA_ID = 'trading-chart';

/**
 * Focus never stays on the page in the room: when the focused control leaves the document (a
 * sold bet's row, a result card that closes by itself, a sheet's button) or is disabled under it,
 * focus goes to the slip,
 * where the next bet starts. Chromium reports such a loss as a focusout with nowhere to go; the
 * check waits a frame so a dialog that hands focus back on closing does so first.
 */
export function useFocusFallback(): void {
  useEffect(() => {
    const onFocusOut = (event: FocusEvent) => {
      const left = event.target;
      if (event.relatedTarget || !(left instanceof HTMLElement)) return;
      requestAnimationFrame(() => {
        // A control that stays but was disabled (a close button going busy) loses focus the same way.
        // An open menu takes back what its items drop (src/ui/menu-keys.ts) before this runs.
        const stillThere = left.isConnected && !left.matches(':disabled');
        if (stillThere || (document.activeElement && document.activeElement !== document.body)) return;
        document.getElementById(SLIP_ID)?.focus({ preventScroll: true });
      });
    };
    document.addEventListener('focusout', onFocusOut);
    return () => document.removeEventListener('focusout', onFocusOut);
  }, []);
}

type ShortcutHandlers = Partial<Record<ShortcutAction, () => void>>;

/** Held down, only the stake's steps repeat: a held U places one bet, not one per repeat. */
const REPEATABLE = new Set<ShortcutAction>(['amount.increase', 'amount.decrease']);

/** The stake field of the slip (the card's or the docked bar's, whichever is drawn). */
const amountField = () => document.querySelector<HTMLInputElement>(`#${SLIP_ID} input[name="amount"]`);

/**
 * Up or down as the slip's buttons and the U and D keys place it. What is wrong with the order is
 * said and focus goes where it can be fixed: an empty or refused stake to the stake field. An
 * order that goes (or is being confirmed) keeps focus on its button.
 */
export function usePlaceBet({ market, betSlip }: Pick<Trading, 'market' | 'betSlip'>, announce: Announce) {
  const { t } = useTranslation();
  const message = translateMessage(t);
  return useCallback(
    (direction: BetDirection) => {
      betSlip.send({ type: 'bet.place', direction, rateId: selectCurrentRate(market.getSnapshot())?.id ?? null });
      const slip = betSlip.getSnapshot();
      if (!slip.matches('editing')) {
        // The slip's fields wait (disabled) while the bet goes: focus on one of them would fall
        // to the page, so it moves to the button of the bet, which waits focusable (and is where
        // the confirmation hands it back).
        const active = document.activeElement;
        if (!active || active === document.body || document.getElementById(SLIP_ID)?.contains(active)) {
          document.querySelector<HTMLElement>(`#${SLIP_ID} button[data-direction="${direction}"]`)?.focus();
        }
        return;
      }
      const problem: Message | undefined = slip.context.errors.amount ?? slip.context.errors.time ?? slip.context.errors.rate;
      if (!problem) return;
      if (slip.context.errors.amount) amountField()?.focus();
      announce(message(problem));
    },
    [market, betSlip, announce, message],
  );
}

/**
 * The room's keyboard shortcuts (src/shared/keyboard-shortcuts.ts) on the whole document while
 * the room is open; each says what it did in the live region. Keys are left alone while the
 * trader types, while a dialog is open, and when a focused widget (the chart) used them already.
 * Returns the help dialog's lines: the shortcuts the room handles.
 */
export function useRoomKeys(
  { market, betSlip, bets }: Pick<Trading, 'market' | 'betSlip' | 'bets'>,
  { announce, place, openHelp }: { announce: Announce; place: (direction: BetDirection) => void; openHelp: () => void },
): ShortcutLine[] {
  const { t, i18n } = useTranslation();
  const wallets = useWallets();
  const offline = useDisconnected();
  const usd = (amount: number) => formatUsd(amount, i18n.language);

  const bet = (direction: BetDirection) => () => {
    const marketNow = market.getSnapshot();
    if (offline) return announce(t('trading.slip.offline'));
    if (!selectCurrentPair(marketNow) || selectPairsLoading(marketNow) || betSlip.getSnapshot().hasTag('busy')) return;
    place(direction);
  };
  const stepAmount = (type: 'amount.inc' | 'amount.dec') => () => {
    const step = selectPlatform(market.getSnapshot())?.inc_button[0] ?? 1;
    betSlip.send({ type, by: step });
    const amount = moneyFromText(betSlip.getSnapshot().context.amount);
    if (amount !== null) announce(t('trading.announce.stake', { amount: usd(amount) }));
  };
  const stepPeriod = (step: 1 | -1) => () => {
    const intervals = selectPlatform(market.getSnapshot())?.intervals ?? [];
    const seconds = stepThrough(intervals, betSlip.getSnapshot().context.interval, step);
    if (seconds === null) return;
    betSlip.send({ type: 'interval.choose', seconds });
    announce(t('trading.bar.time', { duration: formatDuration(seconds, i18n.language, 'short') }));
  };
  const handlers: ShortcutHandlers = {
    'bet.up': bet('up'),
    'bet.down': bet('down'),
    'amount.increase': stepAmount('amount.inc'),
    'amount.decrease': stepAmount('amount.dec'),
    'period.next': stepPeriod(1),
    'period.previous': stepPeriod(-1),
    'wallet.next': () => {
      const held = WALLET_TYPES.filter((type) => wallets.wallets.some((wallet) => wallet.wallet_type === type));
      const next = cycleThrough(held, wallets.current);
      if (!next) return;
      wallets.select(next);
      const amount = wallets.wallets.find((wallet) => wallet.wallet_type === next)?.amount ?? 0;
      announce(t('trading.announce.wallet', { wallet: t(`trading.wallet.${next}`), amount: usd(amount) }));
    },
    'chart.focus': () => {
      const area = document.getElementById(CHART_AREA_ID);
      // In a grid, the active chart (the one the slip trades).
      const chart = area?.querySelector<HTMLElement>('[data-active="true"] [aria-roledescription="chart"]');
      (chart ?? area?.querySelector<HTMLElement>('[aria-roledescription="chart"]'))?.focus();
    },
    'price.announce': () => {
      const marketNow = market.getSnapshot();
      const pair = selectCurrentPair(marketNow);
      if (!pair) return;
      const rate = selectCurrentRate(marketNow);
      announce(
        rate
          ? t('trading.announce.price', { symbol: pair.symbol, rate: formatRate(rate.v, digitsOfSymbol(pair.symbol), i18n.language) })
          : t('trading.announce.no_price', { symbol: pair.symbol }),
      );
    },
    'bet.closeEarly': () => {
      const first = selectOpenBets(bets.getSnapshot()).sort((a, b) => a.secondsLeft - b.secondsLeft)[0];
      if (!first) return announce(t('trading.open.empty'));
      if (first.close.phase !== 'offered' || first.close.amount === null) {
        return announce(t('trading.close.unavailable_for', { bet: openBetLabel(t, first, i18n.language) }));
      }
      const price = usd(first.close.amount);
      bets.send({ type: 'close.request', betId: first.id });
      if (!bets.getSnapshot().matches({ close: 'confirming' })) return announce(t('trading.close.closing', { amount: price }));
      // The confirmation in the bet's row takes focus on its Sell button.
      announce(t('trading.close.confirm_question', { amount: price }));
    },
    'help.open': openHelp,
  };

  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTypingTarget(event.target)) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      const action = shortcutFor(event);
      const run = action ? latest.current[action] : undefined;
      if (!action || !run || (event.repeat && !REPEATABLE.has(action))) return;
      event.preventDefault();
      run();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const room = SHORTCUTS.filter((shortcut) => handlers[shortcut.action]).map((shortcut) => ({
    keys: shortcut.keys,
    label: t(shortcut.label),
  }));
  return [...room, ...CHART_DRAWING_KEYS.map((line) => ({ keys: line.keys, label: t(line.label) }))];
}

/** The drawing keys the focused chart handles itself (src/ui/chart/chart-keys.ts), listed in the help too. */
const CHART_DRAWING_KEYS = [
  { keys: ['Ctrl+Z', 'Cmd+Z'], label: 'trading.keys.chart_undo' },
  { keys: ['Ctrl+Shift+Z', 'Ctrl+Y'], label: 'trading.keys.chart_redo' },
  { keys: ['l'], label: 'trading.keys.chart_lock' },
  // The bet time keys: the focused chart takes them only while a drawing is selected.
  { keys: [']', '['], label: 'trading.keys.chart_point' },
];
