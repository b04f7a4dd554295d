import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { styled } from './stitches.config';

const Shell = styled('div', { display: 'flex', flexDirection: 'column', minHeight: '100vh' });
/** Groups the page behind the overlays without adding a box, so the column layout stays as is. */
const Page = styled('div', { display: 'contents' });
/** Where a page adds skip links of its own after "skip to content" (the room: to the bet slip). */
export const SKIP_LINKS_ID = 'skip-links';
export const SkipLink = styled('a', {
  position: 'absolute',
  insetInlineStart: '$2',
  top: '-4rem',
  zIndex: '$toast',
  padding: '$2 $3',
  borderRadius: '$md',
  backgroundColor: '$secondary',
  color: '$onSecondary',
  '&:focus': { top: '$2' },
});
const Main = styled('main', {
  flex: 1,
  width: '100%',
  maxWidth: '$content',
  margin: '0 auto',
  padding: '$6 $4',
  '@phone': { padding: '$4 $3' },
  '&:focus': { outline: 'none' },
  variants: {
    bleed: {
      // A full-width page (landing, trading) fills at least the screen, so the footer starts below
      // the fold: the trading room's parts that grow as they arrive (chart, bets) never move it on screen.
      true: { maxWidth: 'none', minHeight: '100vh', padding: 0, '@phone': { padding: 0 } },
    },
  },
});

export interface PageLayoutProps {
  header: ReactNode;
  footer: ReactNode;
  /** Overlays that live beside the page: toasts, the logout modal, the burger menu. */
  overlays?: ReactNode;
  /** Full-width content (landing, trading) instead of the centred column. */
  bleed?: boolean;
  /**
   * A full-screen overlay (the burger menu) or a modal dialog is open: the page behind it becomes
   * inert (no focus, hidden from screen readers) so that only the overlay can be reached, and its
   * landmarks do not repeat those the overlay brings along (the footer in the burger menu).
   */
  covered?: boolean;
  children: ReactNode;
}

/** Header, main content and footer, with a skip link to the content. */
export function PageLayout({ header, footer, overlays, bleed = false, covered = false, children }: PageLayoutProps) {
  const { t } = useTranslation();
  return (
    <Shell>
      <Page inert={covered}>
        <div id={SKIP_LINKS_ID}>
          <SkipLink href="#main-content">{t('shell.skip-to-content')}</SkipLink>
        </div>
        {header}
        <Main id="main-content" tabIndex={-1} bleed={bleed}>
          {children}
        </Main>
        {footer}
      </Page>
      {overlays}
    </Shell>
  );
}

export const PageTitle = styled('h1', { fontSize: '$3xl', fontWeight: '$bold', lineHeight: '$tight', marginBottom: '$5', '@phone': { fontSize: '$2xl' } });
