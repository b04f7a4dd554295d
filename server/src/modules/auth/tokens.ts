import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url: session ids, remember-me tokens, link tokens. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a token: a leaked table does not give working tokens. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
