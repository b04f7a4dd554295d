import { randomBytes } from 'node:crypto';
import { ApiError } from '../../../http/errors';
import { KNOWN_PROVIDERS } from '../../../settings';
import type { PaymentProvider } from './provider';
import { createSandboxProvider, type SandboxProvider } from './sandbox';

/** The providers the platform can talk to, by the name payment_systems.provider holds. */
export interface ProviderRegistry {
  /** An enabled provider; a payment system of any other is not found. */
  get(name: string): PaymentProvider;
  /** Whether PAYMENT_PROVIDERS enables this provider: only those are offered and accepted. */
  offers(name: string): boolean;
  /** The names of the enabled providers. */
  readonly enabled: readonly string[];
  /** The sandbox, which also plays the provider's side (its checkout signs the webhooks). */
  sandbox: SandboxProvider;
}

/** `enabled`: the names PAYMENT_PROVIDERS lists (config.paymentProviders); every known one by default. */
export function createProviders(sessionSecret: string, enabled: readonly string[] = KNOWN_PROVIDERS): ProviderRegistry {
  const providers = new Map<string, PaymentProvider>();
  const sandbox = createSandboxProvider(sessionSecret);
  if (enabled.includes(sandbox.name)) providers.set(sandbox.name, sandbox);
  return {
    sandbox,
    offers: (name) => providers.has(name),
    enabled: [...providers.keys()],
    get(name) {
      const provider = providers.get(name);
      if (!provider) throw new ApiError('not_found', { message: 'money.error.ps_not_found' });
      return provider;
    },
  };
}

/**
 * Providers for work that never checks a webhook signature (paying out withdrawals from a job):
 * the signing secret there is irrelevant, so a random one keeps it from being guessable.
 */
export const payoutProviders = (enabled?: readonly string[]): ProviderRegistry => createProviders(randomBytes(32).toString('hex'), enabled);
