import { BOOT_ELEMENT_ID, bootAnswerKey, bootDataSchema, type BootData } from './contract/boot';

/**
 * The boot data the server put in the document (`<script type="application/json" id="boot">`),
 * or null when there is none (the dev server, Storybook) or it does not match the contract: the
 * app then starts with its calls, as before.
 */
export function readBootData(document: Pick<Document, 'getElementById'>): BootData | null {
  const text = document.getElementById(BOOT_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = bootDataSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const jsonAnswer = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } });

/** The `lang` a POST /api/lang body names, if any. */
async function requestedLanguage(request: Request): Promise<unknown> {
  const body: unknown = await request.clone().json().catch(() => null);
  return typeof body === 'object' && body !== null ? (body as { lang?: unknown }).lang : undefined;
}

/**
 * A fetch for the ky client that answers each call of the boot data once, from it, as the server
 * would have (the client's hooks then read the envelope as from any answer); every other call,
 * and a boot call the second time, goes to the network. The language choice is answered only
 * for the language the document was made in.
 */
export function fetchWithBootAnswers(boot: BootData | null, base: string, fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  if (!boot) return fetch;
  const answers = new Map(Object.entries(boot.answers));
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (answers.size > 0 && request.url.startsWith(base)) {
      const key = bootAnswerKey(request.method, request.url.slice(base.length).split('?')[0] ?? '');
      const answer = answers.get(key);
      if (answer !== undefined) {
        answers.delete(key);
        const lang = answer as { payload?: { lang?: unknown } };
        if (request.method !== 'POST' || (await requestedLanguage(request)) === lang.payload?.lang) return jsonAnswer(answer);
      }
    }
    return fetch(input, init);
  };
}
