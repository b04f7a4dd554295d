import { fromPromise } from 'xstate';
import type { Locale } from '../../api/contract/envelope';
import type { ContentEndpoints } from '../../api/endpoints/content';

export const localeActors = (content: ContentEndpoints) => ({
  tellServer: fromPromise<{ lang: Locale }, { code: Locale }>(({ input, signal }) => content.setLanguage(input.code, { signal })),
});
