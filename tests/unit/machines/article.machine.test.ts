import { expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Article } from '../../../src/api/contract/content';
import { articleMachine } from '../../../src/machines/article/article.machine';
import { selectArticle, selectArticleProblem, selectArticleStatus } from '../../../src/machines/article/article.selectors';
import { validCompanyPage, validStrategyPage } from '../../../src/routes/content/article-names';

const license: Article = { name: 'license', title: 'Лицензия', html: '<p>Текст</p>' };
const failure = (code: string, message = '') => Object.assign(new Error(code), { code, message });

const start = (loadArticle: (name: string) => Promise<Article>) =>
  createActor(articleMachine.provide({ actors: { loadArticle: fromPromise(({ input }) => loadArticle(input.name)) } }), {
    input: { name: 'license' },
  }).start();

test('loads the article by its name', async () => {
  const load = vi.fn(async () => license);
  const actor = start(load);
  expect(selectArticleStatus(actor.getSnapshot())).toBe('loading');
  await waitFor(actor, (s) => selectArticleStatus(s) === 'ready');
  expect(load).toHaveBeenCalledWith('license');
  expect(selectArticle(actor.getSnapshot())).toEqual(license);
});

test('a name the server does not know ends as missing, for the 404 page', async () => {
  const actor = start(async () => {
    throw failure('not_found', 'Не найдено');
  });
  await waitFor(actor, (s) => selectArticleStatus(s) === 'missing');
  expect(actor.getSnapshot().status).toBe('done');
});

test('any other failure keeps the reason and can be retried', async () => {
  let calls = 0;
  const actor = start(async () => {
    calls += 1;
    if (calls === 1) throw failure('network');
    return license;
  });
  await waitFor(actor, (s) => selectArticleStatus(s) === 'failed');
  expect(selectArticleProblem(actor.getSnapshot())).toEqual({ code: 'network', message: '' });
  actor.send({ type: 'retry' });
  await waitFor(actor, (s) => selectArticleStatus(s) === 'ready');
  expect(calls).toBe(2);
});

test('page validation: company pages by name, strategies by a valid article name that is not a company page', () => {
  expect(validCompanyPage({ name: 'license' })).toBe(true);
  expect(validCompanyPage({ name: 'platform' })).toBe(true);
  expect(validCompanyPage({ name: 'trend-following' })).toBe(false);
  expect(validCompanyPage({})).toBe(false);
  expect(validStrategyPage({ name: 'trend-following' })).toBe(true);
  expect(validStrategyPage({ name: 'license' })).toBe(false);
  expect(validStrategyPage({ name: 'Bad_Name' })).toBe(false);
  expect(validStrategyPage({ name: '../etc' })).toBe(false);
  expect(validStrategyPage({})).toBe(false);
});
