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

test('a name the server does not know rests as missing, for the 404 page', async () => {
  const actor = start(async () => {
    throw failure('not_found', 'Не найдено');
  });
  await waitFor(actor, (s) => selectArticleStatus(s) === 'missing');
  expect(actor.getSnapshot().status).toBe('active');
});

test('another article opens on the same actor, from any state; a call still running is dropped', async () => {
  const payment: Article = { name: 'payment', title: 'Оплата', html: '<p>Карты</p>' };
  const answers = new Map<string, (article: Article) => void>();
  const load = vi.fn((name: string) => new Promise<Article>((resolve) => answers.set(name, resolve)));
  const actor = start(load);
  // The reader follows a link to the next article before the first one arrived.
  actor.send({ type: 'article.open', name: 'payment' });
  expect(selectArticleStatus(actor.getSnapshot())).toBe('loading');
  answers.get('license')?.(license);
  answers.get('payment')?.(payment);
  await waitFor(actor, (s) => selectArticleStatus(s) === 'ready');
  expect(selectArticle(actor.getSnapshot())).toEqual(payment);
  expect(load.mock.calls).toEqual([['license'], ['payment']]);

  // From a shown article (or the same one again, in a language just chosen): loading, then the new one.
  actor.send({ type: 'article.open', name: 'license' });
  expect(selectArticle(actor.getSnapshot())).toBeNull();
  answers.get('license')?.(license);
  await waitFor(actor, (s) => selectArticleStatus(s) === 'ready');
  expect(selectArticle(actor.getSnapshot())).toEqual(license);
});

test('a missing article is not the end: the next name opens', async () => {
  const actor = start(async (name) => {
    if (name === 'license') throw failure('not_found');
    return { name, title: 'Оплата', html: '' };
  });
  await waitFor(actor, (s) => selectArticleStatus(s) === 'missing');
  actor.send({ type: 'article.open', name: 'payment' });
  await waitFor(actor, (s) => selectArticleStatus(s) === 'ready');
  expect(selectArticle(actor.getSnapshot())?.name).toBe('payment');
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
