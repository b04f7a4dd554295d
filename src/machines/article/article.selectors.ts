import type { SnapshotFrom } from 'xstate';
import type { articleMachine } from './article.machine';

type Snapshot = SnapshotFrom<typeof articleMachine>;

/** What the article page shows, without state names. */
export const selectArticleStatus = (s: Snapshot): 'loading' | 'ready' | 'failed' | 'missing' =>
  s.matches('ready') ? 'ready' : s.matches('failed') ? 'failed' : s.matches('missing') ? 'missing' : 'loading';
export const selectArticle = (s: Snapshot) => s.context.article;
export const selectArticleProblem = (s: Snapshot) => s.context.problem;
