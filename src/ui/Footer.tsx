import { useTranslation } from 'react-i18next';
import { byOrder, menuHref } from './format';
import { Logo } from './Logo';
import { Link } from './primitives/Link';
import { styled } from './stitches.config';
import type { MenuItem } from './types';

const Wrapper = styled('footer', {
  marginTop: 'auto',
  borderTop: '1px solid $border',
  backgroundColor: '$surface',
  color: '$textMuted',
});
const Inner = styled('div', {
  maxWidth: '$content',
  margin: '0 auto',
  padding: '$6 $4',
  display: 'grid',
  gap: '$6',
  gridTemplateColumns: '1fr',
  '@md': { gridTemplateColumns: 'minmax(10rem, 1.2fr) repeat(4, 1fr)' },
});
const Columns = styled('div', {
  display: 'grid',
  gap: '$5',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@md': { display: 'contents' },
});
const Column = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '$2',
  alignContent: 'start',
  fontSize: '$sm',
});
const Copyright = styled('p', {
  maxWidth: '$content',
  margin: '0 auto',
  padding: '$4',
  borderTop: '1px solid $border',
  fontSize: '$xs',
  color: '$textMuted',
});

export interface FooterProps {
  logoUrl?: string | undefined;
  homeHref: string;
  /** footer_menu_1 … footer_menu_4, in that order; each column sorted by `order`. */
  columns: readonly [readonly MenuItem[], readonly MenuItem[], readonly MenuItem[], readonly MenuItem[]];
  /** Passed in so the footer renders the same on the server clock and in stories. */
  year: number;
  onNavigate: (href: string) => void;
}

/** The page's footer: the logo, the four columns of footer links from the content, and the year. */
export function Footer({ logoUrl, homeHref, columns, year, onNavigate }: FooterProps) {
  const { t } = useTranslation();
  return (
    <Wrapper>
      <Inner>
        <div>
          <Logo src={logoUrl} href={homeHref} onNavigate={onNavigate} />
        </div>
        <Columns>
          {columns.map((items, index) => (
            <nav key={index} aria-label={t('shell.footer-menu', { number: index + 1 })}>
              <Column>
                {byOrder(items).map((item) => (
                  <li key={`${item.url}-${item.order}`}>
                    <Link href={menuHref(item.url)} onNavigate={onNavigate} tone="muted">
                      {item.title}
                    </Link>
                  </li>
                ))}
              </Column>
            </nav>
          ))}
        </Columns>
      </Inner>
      <Copyright>{t('shell.copyright', { year, name: t('shell.brand') })}</Copyright>
    </Wrapper>
  );
}
