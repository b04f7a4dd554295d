import { hash, verify } from '@node-rs/argon2';

/**
 * OWASP's Argon2id parameters: 19 MiB of memory, 2 iterations, 1 lane. (`Algorithm` is an ambient
 * const enum the isolated-modules build cannot read: 2 is its Argon2id.)
 */
const ARGON2ID = 2;
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash to verify against when the email is unknown, so that a wrong email costs the same time
 * as a wrong password and the answer time does not tell whether an account exists.
 */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = (): Promise<string> => (decoyHash ??= hashPassword('decoy password that matches no account'));
