import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { articleActors } from '../../machines/article/article.actors';
import { articleMachine } from '../../machines/article/article.machine';
import { selectArticle, selectArticleProblem, selectArticleStatus } from '../../machines/article/article.selectors';
import { ArticlePage } from '../../ui/content/ArticlePage';
import { NotFoundPage } from '../../ui/StatusPage';
import { useApi, useAppSend, useRegisteredActor, useUser } from '../app-services';
import type { PageProps } from '../route-table';
import { problemText } from '../support/problem-text';

/**
 * /company/{name} and /strategy/{name}: one article in the reader's language (the route table's
 * page validation has already checked the name); a name the server does not know shows the 404
 * page. The page stays mounted from one article to the next (src/routes/shell/route-outlet.tsx):
 * its actor opens the new name (`article.open`), and opens it again when the reader switches the
 * language.
 */
export function ArticleRoute({ params }: PageProps) {
  const name = params.name ?? '';
  const api = useApi();
  const { t, i18n } = useTranslation();
  const machine = useMemo(() => articleMachine.provide({ actors: articleActors(api.content) }), [api]);
  const actor = useRegisteredActor('article', machine, { input: { name } });
  // The article the actor was last asked for; the first one came with its input.
  const opened = useRef(`${name}:${i18n.language}`);
  useEffect(() => {
    const wanted = `${name}:${i18n.language}`;
    if (opened.current === wanted) return;
    opened.current = wanted;
    actor.send({ type: 'article.open', name });
  }, [actor, name, i18n.language]);
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
