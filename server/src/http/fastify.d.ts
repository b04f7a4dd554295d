import 'fastify';
import type { FastifyRequest } from 'fastify';
import type { Locale, Wallet } from '../../../src/api/contract/envelope';
import type { EnvelopeExtras } from '../../../src/api/contract/envelope';
import type { Database } from '../db/database';
import type { Config } from '../config';
import type { RealtimeBus } from '../realtime/bus';

export interface AuthUser {
  id: number;
  email: string;
  account_id: string;
  role: 'trader' | 'operator' | 'risk';
  /** The trader's IANA time zone; null follows the device's (the envelope carries it to the app). */
  time_zone: string | null;
}

/** Adds fields to the envelope of every /api response of a request (support_chat, notifications). */
export type EnvelopeContributor = (request: FastifyRequest) => Promise<Partial<EnvelopeExtras>>;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Messages to a user's open sockets and to a pair's subscribers (any node). */
    bus: RealtimeBus;
    envelopeContributors: EnvelopeContributor[];
    /** A body as the envelope plugin answers it on /api: with fv, the contributors' fields and the user when asked. */
    envelopeOf: <T extends object>(request: FastifyRequest, body: T) => Promise<T & Record<string, unknown>>;
    /** preHandler: 401 `unauthenticated` without a signed-in user. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** preHandler: 403 `forbidden` unless the user is an operator. */
    requireOperator: (request: FastifyRequest) => Promise<void>;
    /** preHandler: 403 `forbidden` for operators (they cannot trade or move money). */
    requireTrader: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    locale: Locale;
    user: AuthUser | null;
    /** The session id hash of this request, when signed in. */
    sessionHash: string | null;
    /** Set by a route to make the envelope carry `user` with fresh wallets. */
    includeUser: boolean;
    /** The wallets as the route's own transaction left them: the envelope then does not read them again. */
    userWallets: Wallet[] | null;
  }
  interface FastifyContextConfig {
    /** false for calls that come from elsewhere than the web app (provider webhooks). */
    csrf?: boolean;
  }
}
