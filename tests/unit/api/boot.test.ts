import { describe, expect, test, vi } from 'vitest';
import { BOOT_CALLS, BOOT_ELEMENT_ID, type BootData } from '../../../src/api/contract/boot';
import { fetchWithBootAnswers, readBootData } from '../../../src/api/boot';
import { createApiClient } from '../../../src/api/client';
import { authEndpoints } from '../../../src/api/endpoints/auth';
import { contentEndpoints } from '../../../src/api/endpoints/content';
import type { EnvelopeEvent } from '../../../src/api/envelope';

const BASE = 'http://app.test/';
const boot: BootData = {
  locale: 'en',
  answers: {
    [BOOT_CALLS.authCheck]: { status: 'ok', payload: {}, fv: 'v1', locale: 'en', user: { is_authenticated: false } },
    [BOOT_CALLS.messages('en')]: { 'shell.title': 'Title' },
    [BOOT_CALLS.language]: { status: 'ok', payload: { lang: 'en' }, locale: 'en' },
  },
};

function client(network: typeof fetch) {
  const events: EnvelopeEvent[] = [];
  const http = createApiClient({ base: BASE, locale: () => 'en', publish: (event) => events.push(event), retries: 0, fetch: fetchWithBootAnswers(boot, BASE, network) });
  return { auth: authEndpoints(http), content: contentEndpoints(http), events };
}

const networkAnswer = () => new Response(JSON.stringify({ status: 'ok', payload: {}, fv: 'v2', user: { is_authenticated: true, email: 'a@b.c' } }), { headers: { 'content-type': 'application/json' } });

describe('the boot data answers the first calls', () => {
  test('each boot call is answered once from the document, with its envelope events, then goes to the network', async () => {
    const network = vi.fn<typeof fetch>(async () => networkAnswer());
    const api = client(network);
    await api.auth.check();
    expect(network).not.toHaveBeenCalled();
    expect(api.events).toContainEqual({ type: 'envelope.user', user: { is_authenticated: false } });
    expect(api.events).toContainEqual({ type: 'envelope.locale', locale: 'en' });
    expect(await api.content.messages('en')).toEqual({ 'shell.title': 'Title' });
    expect(network).not.toHaveBeenCalled();

    await api.auth.check();
    expect(network).toHaveBeenCalledTimes(1);
    expect(api.events).toContainEqual({ type: 'envelope.user', user: { is_authenticated: true, email: 'a@b.c' } });
  });

  test('the language choice is answered only for the document language; anything else goes to the network', async () => {
    const network = vi.fn<typeof fetch>(async () => new Response(JSON.stringify({ status: 'ok', payload: { lang: 'ru' } }), { headers: { 'content-type': 'application/json' } }));
    const api = client(network);
    expect(await api.content.setLanguage('ru')).toEqual({ lang: 'ru' });
    expect(network).toHaveBeenCalledTimes(1);
    await api.content.menus().catch(() => undefined);
    expect(network).toHaveBeenCalledTimes(2);
  });

  test('the document language choice is answered without a request', async () => {
    const network = vi.fn<typeof fetch>(async () => networkAnswer());
    expect(await client(network).content.setLanguage('en')).toEqual({ lang: 'en' });
    expect(network).not.toHaveBeenCalled();
  });
});

describe('reading the boot block', () => {
  const documentWith = (text: string | null) => ({ getElementById: (id: string) => (id === BOOT_ELEMENT_ID && text !== null ? ({ textContent: text } as HTMLElement) : null) });

  test('a valid block is read; none, broken JSON or a block off the contract is no boot data', () => {
    expect(readBootData(documentWith(JSON.stringify(boot)))).toEqual(boot);
    expect(readBootData(documentWith(null))).toBeNull();
    expect(readBootData(documentWith('{"locale":'))).toBeNull();
    expect(readBootData(documentWith(JSON.stringify({ locale: 'xx', answers: {} })))).toBeNull();
  });

  test('without boot data the network fetch is used as it is', () => {
    const network = vi.fn<typeof fetch>();
    expect(fetchWithBootAnswers(null, BASE, network)).toBe(network);
  });
});
