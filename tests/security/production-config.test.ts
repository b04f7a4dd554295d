import { describe, expect, test } from 'vitest';
import { configProblems } from '../../server/src/settings';
import { serverProcesses } from '../server/process-helpers';

/**
 * "Beyond the findings": a production start with an unsafe setting is refused, naming the
 * setting and why, every problem at once, without a stack trace.
 */

/** The settings a production deployment must give (README, "Security"). */
const SAFE_PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://fx.example.com',
  SESSION_SECRET: 'a'.repeat(16) + 'b'.repeat(16) + 'c'.repeat(32),
  PAYMENT_PROVIDERS: 'sandbox',
};

const unsafe = serverProcesses({ NODE_ENV: 'production', FEED_SEED: '20261123', PUBLIC_URL: 'http://fx.example.com', SESSION_SECRET: '' });
const safe = serverProcesses(SAFE_PRODUCTION);

const problemsWith = (change: Record<string, string | undefined>) => configProblems({ ...SAFE_PRODUCTION, ...change });

describe('starting production with an unsafe setting', () => {
  test('the safe production settings pass', () => {
    expect(configProblems(SAFE_PRODUCTION)).toEqual([]);
  });

  test.each([
    ['a known feed seed (FEED_SEED)', { FEED_SEED: '20261123' }, /^FEED_SEED is set/],
    ['the self-approving sandbox left unnamed (PAYMENT_PROVIDERS)', { PAYMENT_PROVIDERS: undefined }, /^PAYMENT_PROVIDERS is unset/],
    ['an unknown payment provider', { PAYMENT_PROVIDERS: 'sandbox,paypal' }, /^PAYMENT_PROVIDERS names unknown providers: paypal/],
    ['cookies over plain http (PUBLIC_URL)', { PUBLIC_URL: 'http://fx.example.com' }, /^PUBLIC_URL is http:\/\//],
    ['no public address at all (PUBLIC_URL)', { PUBLIC_URL: undefined }, /^PUBLIC_URL is unset/],
    ['a session secret kept per node (SESSION_SECRET)', { SESSION_SECRET: undefined }, /^SESSION_SECRET is unset/],
    ['a guessable session secret (SESSION_SECRET)', { SESSION_SECRET: 'secret' }, /^SESSION_SECRET is shorter than 32/],
    ['the development mailbox with live reset links (DEV_PAGES)', { DEV_PAGES: '1' }, /^DEV_PAGES=1/],
    ['trusting every X-Forwarded-For (TRUST_PROXY)', { TRUST_PROXY: 'true' }, /^TRUST_PROXY=true is neither/],
  ])('%s is refused', (_attack, change, message) => {
    const problems = problemsWith(change);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  test('plain http is allowed only when ALLOW_INSECURE=1 says so', () => {
    expect(problemsWith({ PUBLIC_URL: 'http://10.0.0.5:8080', ALLOW_INSECURE: '1' })).toEqual([]);
  });

  test('outside production only unreadable values are refused; the sandbox and a seed are fine there', () => {
    expect(configProblems({ FEED_SEED: '7', DEV_PAGES: '1' })).toEqual([]);
    expect(configProblems({ FEED_SEED: 'seven' })).toEqual(['FEED_SEED=seven is not an integer']);
  });

  test('npm start with a default seed, an unnamed sandbox and http refuses to start, naming each setting, without a stack trace', async () => {
    const failure = await unsafe.start().then(
      () => new Error('the server started'),
      (error: unknown) => error as Error,
    );
    expect(failure.message).toMatch(/^server exited with 1:/);
    const output = failure.message;
    expect(output).toContain('The server does not start:');
    for (const setting of ['FEED_SEED', 'PAYMENT_PROVIDERS', 'PUBLIC_URL', 'SESSION_SECRET']) expect(output).toMatch(new RegExp(`^- ${setting} `, 'm'));
    expect(output).not.toMatch(/^\s+at /m);
  }, 120_000);

  test('npm start with the safe production settings starts', async () => {
    const server = await safe.start();
    try {
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 240_000);
});
