import { assign, fromPromise, setup } from 'xstate';
import { WALLET_TYPES, type EnvelopeUser, type Wallet, type WalletType } from '../../api/contract/envelope';
import { notProvided, toFailure, type Failure } from '../app/failure';

export type WalletEvent =
  | { type: 'envelope.user'; user: EnvelopeUser }
  | { type: 'realtime.message'; message: { type: string; wallets?: Wallet[] } }
  | { type: 'wallet.select'; walletType: WalletType }
  | { type: 'wallet.resetDemo' };

export interface WalletContext {
  wallets: Wallet[];
  current: WalletType;
  error: Failure | null;
}

const isWalletType = (value: unknown): value is WalletType => (WALLET_TYPES as readonly unknown[]).includes(value);

/** The same type again if the new list has it, else main (docs/product.md 4: re-selected by type). */
function reselect(current: WalletType, wallets: readonly Wallet[]): WalletType {
  if (wallets.some((wallet) => wallet.wallet_type === current)) return current;
  return 'main';
}

/**
 * The trader's wallets and the one in use. The list comes with every user refresh (envelope) and
 * every `wallets` realtime message; the chosen type survives reloads through `persistWallet`.
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
    keepWallets: assign(({ context }, params: { wallets: Wallet[] }) => ({
      wallets: params.wallets,
      current: reselect(context.current, params.wallets),
    })),
  },
}).createMachine({
  id: 'wallet',
  context: ({ input }) => ({ wallets: [], current: isWalletType(input.stored) ? input.stored : 'main', error: null }),
  initial: 'ready',
  on: {
    'envelope.user': [
      {
        guard: ({ event }) => event.user.is_authenticated && event.user.wallets !== undefined,
        actions: { type: 'keepWallets', params: ({ event }) => ({ wallets: event.user.wallets ?? [] }) },
      },
      { guard: ({ event }) => !event.user.is_authenticated, actions: assign({ wallets: [] }) },
    ],
    'realtime.message': {
      guard: ({ event }) => event.message.type === 'wallets' && Array.isArray(event.message.wallets),
      actions: { type: 'keepWallets', params: ({ event }) => ({ wallets: event.message.wallets ?? [] }) },
    },
    'wallet.select': {
      actions: [assign({ current: ({ event }) => event.walletType, error: null }), { type: 'persistWallet', params: ({ event }) => ({ walletType: event.walletType }) }],
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
