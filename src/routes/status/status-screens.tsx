import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPage, ErrorPageFallback, NotFoundPage, SiteBlockedScreen } from '../../ui/StatusPage';
import { useUser } from '../app-services';
import { builtInTexts } from './built-in-texts';
import { ErrorBoundary } from './error-boundary';
import { pageErrorOf, UnknownMiddlewareError } from './page-error';
import { useNavigate } from '../shell/use-shell';

function useHomeHref() {
  return useUser()?.is_authenticated ? '/home' : '/';
}

/** The 404 content (the layout puts it between the header and the footer). */
export function NotFoundContent() {
  return <NotFoundPage homeHref={useHomeHref()} onNavigate={useNavigate()} />;
}

/**
 * The error page: the error's status (500 when it has none) and its message. If rendering it
 * fails too, a plain fallback that needs neither router nor translations takes over.
 */
export function ErrorContent({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { i18n } = useTranslation();
  return (
    <ErrorBoundary fallback={() => <LastResortPage language={i18n.language} />}>
      <TranslatedError error={error} {...(onRetry ? { onRetry } : {})} />
    </ErrorBoundary>
  );
}

function TranslatedError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const homeHref = useHomeHref();
  const navigate = useNavigate();
  const { status, message } = pageErrorOf(error);
  const unknownGuard = error instanceof UnknownMiddlewareError;
  // The guard's name is the route table's, for developers: the console names it, the page does not
  // (a warning: the page has already told the user, so it is no uncaught error).
  useEffect(() => {
    if (unknownGuard) console.warn(error.message);
  }, [error, unknownGuard]);
  const text = unknownGuard ? t('app.unknown-middleware') : message;
  return <ErrorPage status={status} message={text} homeHref={homeHref} onNavigate={navigate} {...(onRetry ? { onRetry } : {})} />;
}

/** The plain page shown when the error page itself failed, in the built-in texts of `language`. */
export function LastResortPage({ language }: { language: string | undefined }) {
  const texts = builtInTexts(language);
  return <ErrorPageFallback text={texts.errorPageFailed} linkText={texts.goHome} />;
}

export function SiteBlockedContent() {
  return <SiteBlockedScreen />;
}
