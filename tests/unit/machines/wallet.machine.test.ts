import { expect, test, vi } from 'vitest';
import { createActor } from 'xstate';
import type { EnvelopeUser, Wallet } from '../../../src/api/contract/envelope';
import { startingWallet, walletMachine } from '../../../src/machines/wallet/wallet.machine';

const wallets = (main: number, demo = 10000): Wallet[] => [
  { wallet_type: 'main', amount: main },
  { wallet_type: 'demo', amount: demo },
  { wallet_type: 'tournament', amount: 0 },
];
const signedIn = (list: Wallet[]): EnvelopeUser => ({ is_authenticated: true, email: 'a@b.c', account_id: '12345678', wallets: list });

const start = (stored: string | null = null) => {
  const persistWallet = vi.fn();
  const actor = createActor(walletMachine.provide({ actions: { persistWallet: (_, params) => persistWallet(params.walletType) } }), {
    input: { stored },
  }).start();
  return { actor, persistWallet };
};

test('a new account (main at 0.00) starts on the demo wallet and keeps that start across reloads', () => {
  const { actor, persistWallet } = start();
  actor.send({ type: 'envelope.user', user: signedIn(wallets(0)) });
  expect(actor.getSnapshot().context.current).toBe('demo');
  expect(persistWallet).toHaveBeenCalledWith('demo');
  // A later balance change does not move the trader off the start.
  actor.send({ type: 'realtime.message', message: { type: 'wallets', wallets: wallets(50) } });
  expect(actor.getSnapshot().context.current).toBe('demo');
});

test('a trader with real money starts on main; a stored choice wins over the rule', () => {
  expect(startingWallet(wallets(12.5))).toBe('main');
  expect(startingWallet(wallets(0, 0))).toBe('main');
  const { actor, persistWallet } = start('main');
  actor.send({ type: 'envelope.user', user: signedIn(wallets(0)) });
  expect(actor.getSnapshot().context.current).toBe('main');
  expect(persistWallet).not.toHaveBeenCalled();
});

test('signing out forgets the start, so the next account in the tab gets its own', () => {
  const { actor } = start('main');
  actor.send({ type: 'envelope.user', user: { is_authenticated: false } });
  actor.send({ type: 'envelope.user', user: signedIn(wallets(0)) });
  expect(actor.getSnapshot().context.current).toBe('demo');
});

test('a choice made in another tab is followed without storing it again; junk is ignored', () => {
  const { actor, persistWallet } = start('main');
  actor.send({ type: 'wallet.chosenElsewhere', walletType: 'tournament' });
  expect(actor.getSnapshot().context.current).toBe('tournament');
  actor.send({ type: 'wallet.chosenElsewhere', walletType: 'gold' });
  actor.send({ type: 'wallet.chosenElsewhere', walletType: null });
  expect(actor.getSnapshot().context.current).toBe('tournament');
  expect(persistWallet).not.toHaveBeenCalled();
});
