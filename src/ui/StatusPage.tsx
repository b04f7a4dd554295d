import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './primitives/Button';
import { Link } from './primitives/Link';
import { styled } from './stitches.config';

const Wrapper = styled('section', {
  display: 'grid',
  justifyItems: 'center',
  gap: '$4',
  padding: '$8 $4',
  textAlign: 'center',
});
const Code = styled('p', { fontSize: '$4xl', fontWeight: '$bold', color: '$primaryText', lineHeight: 1 });
const Title = styled('h1', { fontSize: '$2xl', fontWeight: '$bold', lineHeight: '$tight' });
const Text = styled('p', { color: '$textMuted', maxWidth: '36rem', overflowWrap: 'anywhere' });

interface StatusPageProps {
  code?: number | undefined;
  title: string;
  text?: string | undefined;
  action?: ReactNode;
}

function StatusPage({ code, title, text, action }: StatusPageProps) {
  return (
    <Wrapper>
      {code !== undefined && <Code aria-hidden="true">{code}</Code>}
      <Title>{title}</Title>
      {text && <Text>{text}</Text>}
      {action}
    </Wrapper>
  );
}

export interface NotFoundPageProps {
  homeHref: string;
  onNavigate: (href: string) => void;
}

/** The 404 content; the route puts it between the header and the footer. */
export function NotFoundPage({ homeHref, onNavigate }: NotFoundPageProps) {
  const { t } = useTranslation();
  return (
    <StatusPage
      code={404}
      title={t('shell.not-found')}
      action={
        <Link href={homeHref} onNavigate={onNavigate} button="primary">
          {t('shell.go-home')}
        </Link>
      }
    />
  );
}

export interface ErrorPageProps {
  /** The error's status, its response's status, or 500. */
  status: number;
  /** The error's message; the generic text when it has none. */
  message?: string | undefined;
  homeHref: string;
  onNavigate: (href: string) => void;
  onRetry?: () => void;
}

export function ErrorPage({ status, message, homeHref, onNavigate, onRetry }: ErrorPageProps) {
  const { t } = useTranslation();
  return (
    <StatusPage
      code={status}
      title={t('shell.error-title')}
      text={message || t('shell.error-text')}
      action={
        <Actions>
          {onRetry && (
            <Button variant="outline" onClick={onRetry}>
              {t('shell.retry')}
            </Button>
          )}
          <Link href={homeHref} onNavigate={onNavigate} button="primary">
            {t('shell.go-home')}
          </Link>
        </Actions>
      }
    />
  );
}

const Actions = styled('div', {
  display: 'flex',
  gap: '$3',
  flexWrap: 'wrap',
  justifyContent: 'center',
});

/**
 * Shown when rendering the error page itself failed: no router, no translations can be trusted,
 * so the texts come in as props (built into the app, in the user's language) and the link is a
 * plain page load.
 */
export function ErrorPageFallback({ text, linkText }: { text: string; linkText: string }) {
  return (
    <StatusPage
      code={500}
      title={text}
      action={
        <a href="/" style={{ color: '#8fb4ff' }}>
          {linkText}
        </a>
      }
    />
  );
}

const Blocked = styled('div', {
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: '$5',
  backgroundColor: '$bg',
});

export function SiteBlockedScreen({ supportEmail }: { supportEmail?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Blocked>
      <main>
        <StatusPage
          title={t('shell.site-blocked-title')}
          text={t('shell.site-blocked-text')}
          action={supportEmail ? <a href={`mailto:${supportEmail}`}>{supportEmail}</a> : undefined}
        />
      </main>
    </Blocked>
  );
}

/** What opening an email confirmation link did (the server's redirect names it). */
type EmailConfirmOutcome = 'confirmed' | 'already' | 'expired' | 'invalid';

export interface EmailConfirmationPageProps {
  result: EmailConfirmOutcome;
  /** The link may be opened in a browser that is signed out: then the way on is signing in. */
  signedIn: boolean;
  onNavigate: (href: string) => void;
}

/** /email-confirmed: says what the confirmation link did, and the way on. */
export function EmailConfirmationPage({ result, signedIn, onNavigate }: EmailConfirmationPageProps) {
  const { t } = useTranslation();
  // An expired or unknown link needs a new one: signed in, the personal data page sends it.
  const needsNewLink = result === 'expired' || result === 'invalid';
  return (
    <StatusPage
      title={t(`shell.email-confirm.${result}.title`)}
      text={t(`shell.email-confirm.${result}.text`)}
      action={
        <Actions>
          {signedIn && needsNewLink && (
            <Link href="/settings/personal" onNavigate={onNavigate} button="primary">
              {t('shell.email-confirm.resend')}
            </Link>
          )}
          {signedIn ? (
            <Link href="/home" onNavigate={onNavigate} button={needsNewLink ? 'outline' : 'primary'}>
              {t('shell.email-confirm.to-trading')}
            </Link>
          ) : (
            <Link href="/login" onNavigate={onNavigate} button="primary">
              {t('shell.email-confirm.to-login')}
            </Link>
          )}
        </Actions>
      }
    />
  );
}
