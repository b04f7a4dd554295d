import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { WALLET_TYPES, type EnvelopeUser, type Wallet, type WalletType } from '../../api/contract/envelope';
import { notProvided, toFailure, type Failure } from '../app/failure';

export type WalletEvent =
  | { type: 'envelope.user'; user: EnvelopeUser }
  | { type: 'realtime.message'; message: { type: string; wallets?: Wallet[] } }
  | { type: 'wallet.select'; walletType: WalletType }
  /** Another tab chose a wallet (the stored choice changed): follow it without storing it again. */
  | { type: 'wallet.chosenElsewhere'; walletType: string | null }
  | { type: 'wallet.resetDemo' };

export interface WalletContext {
  wallets: Wallet[];
  current: WalletType;
  /** The trader (or a stored choice) picked `current`; until then it follows `startingWallet`. */
  chosen: boolean;
  error: Failure | null;
}

const isWalletType = (value: unknown): value is WalletType => (WALLET_TYPES as readonly unknown[]).includes(value);

/** The wallet list an envelope or a realtime message brings (the guards checked it is there). */
function walletsIn(event: WalletEvent): Wallet[] {
  if (event.type === 'envelope.user') return event.user.wallets ?? [];
  if (event.type === 'realtime.message') return event.message.wallets ?? [];
  return [];
}

/**
 * Where a trader who has chosen nothing starts: the main wallet when it holds money, else the demo
 * wallet when it has some, so a new account's first bet needs no deposit and no switch.
 */
export function startingWallet(wallets: readonly Wallet[]): WalletType {
  const amountOf = (type: WalletType) => wallets.find((wallet) => wallet.wallet_type === type)?.amount ?? 0;
  if (amountOf('main') <= 0 && amountOf('demo') > 0) return 'demo';
  return 'main';
}

/** The same type again if the new list has it, else main (docs/product.md 4: re-selected by type). */
function reselect(context: Pick<WalletContext, 'current' | 'chosen'>, wallets: readonly Wallet[]): WalletType {
  if (!context.chosen && wallets.length > 0) return startingWallet(wallets);
  if (wallets.some((wallet) => wallet.wallet_type === context.current)) return context.current;
  return 'main';
}

/**
 * The trader's wallets and the one in use. The list comes with every user refresh (envelope) and
 * every `wallets` realtime message; the chosen type survives reloads through `persistWallet` and
 * is shared with the other tabs (`wallet.chosenElsewhere`). Without a choice a session starts on
 * `startingWallet`; signing out forgets the session's start, so the next account gets its own.
 */
export const walletMachine = setup({
  types: {
    context: {} as WalletContext,
    events: {} as WalletEvent,
    input: {} as { stored?: string | null },
  },
  actors: {
    resetDemo: fromPromise<{ wallet: Wallet }>(notProvided('resetDemo')),
  },
  actions: {
    persistWallet: notProvided('persistWallet') as (args: unknown, params: { walletType: WalletType }) => void,
    keepWallets: enqueueActions(({ context, event, enqueue }) => {
      const wallets = walletsIn(event);
      const current = reselect(context, wallets);
      const settlesStart = !context.chosen && wallets.length > 0;
      enqueue.assign({ wallets, current, chosen: context.chosen || settlesStart });
      // The start is stored like a choice, so a reload (or another tab) keeps this account's start.
      if (settlesStart) enqueue({ type: 'persistWallet', params: { walletType: current } });
    }),
  },
}).createMachine({
  id: 'wallet',
  context: ({ input }) => ({
    wallets: [],
    current: isWalletType(input.stored) ? input.stored : 'main',
    chosen: isWalletType(input.stored),
    error: null,
  }),
  initial: 'ready',
  on: {
    'envelope.user': [
      {
        guard: ({ event }) => event.user.is_authenticated && event.user.wallets !== undefined,
        actions: 'keepWallets',
      },
      { guard: ({ event }) => !event.user.is_authenticated, actions: assign({ wallets: [], chosen: false }) },
    ],
    'realtime.message': {
      guard: ({ event }) => event.message.type === 'wallets' && Array.isArray(event.message.wallets),
      actions: 'keepWallets',
    },
    'wallet.select': {
      actions: [
        assign({ current: ({ event }) => event.walletType, chosen: true, error: null }),
        { type: 'persistWallet', params: ({ event }) => ({ walletType: event.walletType }) },
      ],
    },
    'wallet.chosenElsewhere': {
      guard: ({ event }) => isWalletType(event.walletType),
      actions: assign({ current: ({ event }) => event.walletType as WalletType, chosen: true }),
    },
  },
  states: {
    ready: { on: { 'wallet.resetDemo': 'resettingDemo' } },
    resettingDemo: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'resetDemo',
        onDone: {
          target: 'ready',
          actions: assign({
            wallets: ({ context, event }) =>
              context.wallets.map((wallet) => (wallet.wallet_type === 'demo' ? { ...wallet, amount: event.output.wallet.amount } : wallet)),
          }),
        },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => toFailure(event.error) }) },
      },
    },
  },
});
