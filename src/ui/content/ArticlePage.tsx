import { useTranslation } from 'react-i18next';
import { Button } from '../primitives/Button';
import { Skeleton } from '../primitives/Skeleton';
import { styled } from '../stitches.config';

const Page = styled('article', {
  maxWidth: '48rem',
  margin: '0 auto',
  padding: '$6 $4',
  display: 'grid',
  // minmax(0, …): a long address or word in the article wraps instead of widening the page.
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '$4',
  overflowWrap: 'anywhere',
  '@phone': { padding: '$4 $3' },
});
const Title = styled('h1', { fontSize: '$3xl', lineHeight: '$tight', fontWeight: '$bold', '@phone': { fontSize: '$2xl' } });
/** Article HTML from the server (sanitized there): headings, lists, links, tables. */
const Body = styled('div', {
  lineHeight: '$normal',
  '& h2': { fontSize: '$2xl', marginTop: '$5', marginBottom: '$2' },
  '& h3': { fontSize: '$xl', marginTop: '$4', marginBottom: '$2' },
  '& p, & ul, & ol, & table, & blockquote': { marginBottom: '$3' },
  '& ul, & ol': { paddingInlineStart: '$5' },
  '& a': { color: '$secondaryText', textDecoration: 'underline' },
  '& table': { borderCollapse: 'collapse', width: '100%' },
  '& th, & td': { border: '1px solid $border', padding: '$2', textAlign: 'start' },
  '& blockquote': { borderInlineStart: '3px solid $borderStrong', paddingInlineStart: '$3', color: '$textMuted' },
  '& code': { fontFamily: '$mono' },
});
const Problem = styled('p', { color: '$dangerText' });

export interface ArticlePageProps {
  status: 'loading' | 'ready' | 'failed';
  title?: string;
  /** Sanitized HTML made by the server from the article's Markdown. */
  html?: string;
  /** Already translated: why the article could not be loaded. */
  problem?: string | null;
  onRetry?: () => void;
}

/** A company or strategy page. */
export function ArticlePage({ status, title = '', html = '', problem, onRetry }: ArticlePageProps) {
  const { t } = useTranslation();
  if (status === 'loading') {
    return (
      <Page aria-busy="true">
        <Skeleton height="2.5rem" width="60%" />
        <Skeleton />
        <Skeleton width="90%" />
        <Skeleton width="75%" />
      </Page>
    );
  }
  if (status === 'failed') {
    return (
      <Page>
        <Problem role="alert">{problem || t('support.errors.offline')}</Problem>
        {onRetry && <Button variant="secondary" onClick={onRetry}>{t('support.thread.retry')}</Button>}
      </Page>
    );
  }
  return (
    <Page>
      <Title>{title}</Title>
      {/* The server sanitizes the article HTML (sanitize-html) before it is ever sent. */}
      <Body dangerouslySetInnerHTML={{ __html: html }} />
    </Page>
  );
}
