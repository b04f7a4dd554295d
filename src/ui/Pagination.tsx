import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import { IconButton } from './primitives/IconButton';
import { borderedControl } from './primitives/button-styles';
import { styled } from './stitches.config';

const Nav = styled('nav', { display: 'flex', justifyContent: 'center', marginTop: '$5' });
const List = styled('ul', { listStyle: 'none', margin: 0, padding: 0, display: 'flex', alignItems: 'center', gap: '$1', flexWrap: 'wrap' });
const Page = styled('button', {
  ...borderedControl,
  minWidth: '$control',
  height: '$control',
  px: '$2',
  fontVariantNumeric: 'tabular-nums',
  '&[aria-current="page"]': { backgroundColor: '$secondary', borderColor: '$secondary', color: '$onSecondary' },
});
const Gap = styled('span', { px: '$2', color: '$textMuted' });

/** Page numbers to show: the first, the last, and two around the current; null marks a gap. */
export function pageWindow(page: number, totalPages: number): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let p = 1; p <= totalPages; p += 1) {
    if (p === 1 || p === totalPages || Math.abs(p - page) <= 2) pages.push(p);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}

export interface PaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}

export function Pagination({ page, totalPages, onChange }: PaginationProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <Nav aria-label={t('shell.pagination')}>
      <List>
        <li>
          <IconButton bordered label={t('shell.page-previous')} disabled={page <= 1} onClick={() => onChange(page - 1)}>
            <ChevronLeftIcon />
          </IconButton>
        </li>
        {pageWindow(page, totalPages).map((p, index) =>
          p === null ? (
            <li key={`gap-${index}`} aria-hidden="true">
              <Gap>…</Gap>
            </li>
          ) : (
            <li key={p}>
              <Page
                type="button"
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('shell.page-number', { page: p })}
                onClick={() => p !== page && onChange(p)}
              >
                {p}
              </Page>
            </li>
          ),
        )}
        <li>
          <IconButton bordered label={t('shell.page-next')} disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
            <ChevronRightIcon />
          </IconButton>
        </li>
      </List>
    </Nav>
  );
}
