import { Skeleton } from './primitives/Skeleton';
import { styled } from './stitches.config';

const HeaderBar = styled('div', {
  height: '$header',
  borderBottom: '1px solid $border',
  backgroundColor: '$surface',
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  px: '$4',
});
const Spacer = styled('div', { flex: 1 });
const Body = styled('div', {
  maxWidth: '$content',
  margin: '0 auto',
  padding: '$4',
  display: 'grid',
  gap: '$4',
  gridTemplateColumns: 'minmax(0, 1fr) 22rem',
  '@media (max-width: 991.98px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
});
const Side = styled('div', { display: 'grid', gap: '$3', alignContent: 'start' });

export interface PageSkeletonProps {
  /** The header's bar too: while the app starts, before the shell can draw it. */
  withHeader?: boolean;
  /** Already translated; while the app starts the translations may not be there yet. */
  label: string;
}

/**
 * What the screen shows while its data or code loads: grey blocks where the header, the chart and
 * the side panel will be, so the first screen is never a blank dark page and nothing jumps when
 * the content arrives. It is announced as busy, the blocks themselves are hidden from readers.
 */
export function PageSkeleton({ withHeader = false, label }: PageSkeletonProps) {
  return (
    <div role="status" aria-busy="true" aria-label={label} data-testid="page-skeleton">
      {withHeader && (
        <HeaderBar>
          <Skeleton width="7rem" height="1.5rem" />
          <Spacer />
          <Skeleton width="8rem" height="2.25rem" shape="box" />
          <Skeleton width="2.25rem" height="2.25rem" shape="circle" />
        </HeaderBar>
      )}
      <Body>
        <Skeleton height="min(60vh, 28rem)" shape="box" />
        <Side>
          <Skeleton width="40%" height="1.5rem" />
          <Skeleton height="2.75rem" shape="box" />
          <Skeleton height="2.75rem" shape="box" />
          <Skeleton height="4rem" shape="box" />
        </Side>
      </Body>
    </div>
  );
}
