import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from './tokens';
import { cookieOptions } from './sessions';

/**
 * The device cookie: a browser where an account has signed in before. It names the account and a
 * random id of the browser, signed with the session secret (so nobody can make one for an account
 * they never signed in to). A login from such a browser counts its failures against the browser's
 * own allowance instead of the account's, so an attacker who used up the account's attempts from
 * elsewhere does not lock the owner out.
 */
export const DEVICE_COOKIE = 'device';
/** A browser stays known for a year after its last sign-in. */
const DEVICE_MS = 365 * 24 * 60 * 60 * 1000;

export interface KnownDevice {
  userId: number;
  deviceId: string;
}

/** The device cookie of the request when its signature holds, else null. */
export function knownDevice(request: FastifyRequest): KnownDevice | null {
  const raw = request.cookies[DEVICE_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return null;
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{16,64})$/.exec(unsigned.value);
  if (!match) return null;
  return { userId: Number(match[1]), deviceId: match[2]! };
}

/** Marks this browser as one where the user signed in (keeping its id when it was known already). */
export function rememberDevice(request: FastifyRequest, reply: FastifyReply, userId: number): void {
  const known = knownDevice(request);
  const deviceId = known?.userId === userId ? known.deviceId : randomToken();
  void reply.setCookie(DEVICE_COOKIE, `${userId}.${deviceId}`, { ...cookieOptions(request.server, DEVICE_MS), signed: true });
}
