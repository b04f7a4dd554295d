import { fromPromise } from 'xstate';
import type { Article } from '../../api/contract/content';
import type { ContentEndpoints } from '../../api/endpoints/content';

export const articleActors = (content: Pick<ContentEndpoints, 'article'>) => ({
  loadArticle: fromPromise<Article, { name: string }>(({ input, signal }) => content.article(input.name, { signal })),
});
