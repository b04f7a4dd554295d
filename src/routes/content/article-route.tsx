import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { articleActors } from '../../machines/article/article.actors';
import { articleMachine } from '../../machines/article/article.machine';
import { selectArticle, selectArticleProblem, selectArticleStatus } from '../../machines/article/article.selectors';
import { ArticlePage } from '../../ui/content/ArticlePage';
import { NotFoundPage } from '../../ui/StatusPage';
import { useApi, useAppSend, useRegisteredActor, useUser } from '../app-services';
import type { PageProps } from '../route-table';
import { problemText } from '../support/problem-text';

/** One article in one language; a name the server does not know shows the 404 page. */
function Article({ name }: { name: string }) {
  const api = useApi();
  const { t } = useTranslation();
  const machine = useMemo(() => articleMachine.provide({ actors: articleActors(api.content) }), [api]);
  const actor = useRegisteredActor('article', machine, { input: { name } });
  const status = useSelector(actor, selectArticleStatus);
  const article = useSelector(actor, selectArticle);
  const problem = useSelector(actor, selectArticleProblem);
  const signedIn = useUser()?.is_authenticated === true;
  const send = useAppSend();

  useEffect(() => {
    if (!article) return;
    const previous = document.title;
    document.title = article.title;
    return () => {
      document.title = previous;
    };
  }, [article]);

  // The same 404 page as an unknown path: the server knows no article of this name.
  if (status === 'missing') return <NotFoundPage homeHref={signedIn ? '/home' : '/'} onNavigate={(to) => send({ type: 'navigate', to })} />;
  return (
    <ArticlePage
      status={status}
      title={article?.title}
      html={article?.html}
      problem={problemText(t, problem, 'support.errors.article')}
      onRetry={() => actor.send({ type: 'retry' })}
    />
  );
}

/**
 * /company/{name} and /strategy/{name}: the route table's page validation has already checked
 * the name. The article is fetched again in the new language when the reader switches it.
 */
export function ArticleRoute({ params }: PageProps) {
  const name = params.name ?? '';
  const { i18n } = useTranslation();
  return <Article key={`${name}:${i18n.language}`} name={name} />;
}
