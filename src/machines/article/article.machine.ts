import { assign, fromPromise, setup } from 'xstate';
import type { Article } from '../../api/contract/content';
import { notProvided } from '../app/failure';
import { toProblem, type Problem } from '../money-flow/problem';

export interface ArticleContext {
  name: string;
  article: Article | null;
  problem: Problem | null;
}

export type ArticleEvent = { type: 'retry' } | { type: 'article.open'; name: string };

/**
 * One company or strategy page: the article is fetched in the reader's language; a name the
 * server does not know rests in `missing` (the page shows the 404 page), any other failure can be
 * retried. `article.open` {name} fetches another article (a link to the next one, or the same one
 * in a language just chosen) on the same page, from any state, dropping a call still running.
 */
export const articleMachine = setup({
  types: {
    context: {} as ArticleContext,
    events: {} as ArticleEvent,
    input: {} as { name: string },
  },
  actors: {
    loadArticle: fromPromise<Article, { name: string }>(notProvided('loadArticle')),
  },
  guards: {
    notFound: (_, params: { error: unknown }) => toProblem(params.error).code === 'not_found',
  },
}).createMachine({
  id: 'article',
  context: ({ input }) => ({ name: input.name, article: null, problem: null }),
  initial: 'loading',
  on: {
    'article.open': {
      target: '.loading',
      actions: assign({ name: ({ event }) => event.name, article: null, problem: null }),
    },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadArticle',
        input: ({ context }) => ({ name: context.name }),
        onDone: { target: 'ready', actions: assign({ article: ({ event }) => event.output, problem: null }) },
        onError: [
          { guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) }, target: 'missing' },
          { target: 'failed', actions: assign({ problem: ({ event }) => toProblem(event.error) }) },
        ],
      },
    },
    ready: {},
    missing: {},
    failed: { tags: ['error'], on: { retry: 'loading' } },
  },
});
