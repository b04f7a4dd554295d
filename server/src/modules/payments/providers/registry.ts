import { randomBytes } from 'node:crypto';
import type { PaymentProvider } from './provider';
import { createSandboxProvider, type SandboxProvider } from './sandbox';

/** The providers the platform can talk to, by the name payment_systems.provider holds. */
export interface ProviderRegistry {
  get(name: string): PaymentProvider;
  /** The sandbox, which also plays the provider's side (its checkout signs the webhooks). */
  sandbox: SandboxProvider;
}

export function createProviders(sessionSecret: string): ProviderRegistry {
  const providers = new Map<string, PaymentProvider>();
  const sandbox = createSandboxProvider(sessionSecret);
  providers.set(sandbox.name, sandbox);
  return {
    sandbox,
    get(name) {
      const provider = providers.get(name);
      if (!provider) throw new Error(`no payment provider named ${name}`);
      return provider;
    },
  };
}

/**
 * Providers for work that never checks a webhook signature (paying out withdrawals from a job):
 * the signing secret there is irrelevant, so a random one keeps it from being guessable.
 */
export const payoutProviders = (): ProviderRegistry => createProviders(randomBytes(32).toString('hex'));
