import { styled } from '../stitches.config';

/** The frame the Security settings' sections share: a panel with its heading, muted notes and a row of controls. */
export const Panel = styled('section', {
  maxWidth: '48rem',
  margin: '0 auto $6',
  padding: '$5',
  backgroundColor: '$surface',
  border: '1px solid $border',
  borderRadius: '$lg',
  display: 'grid',
  // One column no wider than the panel: its min-content (a form's widest row) never widens the page.
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '$4',
});
export const Heading = styled('h2', { fontSize: '$xl', fontWeight: '$bold' });
export const Muted = styled('p', { color: '$textMuted', fontSize: '$sm' });
export const Row = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$3', alignItems: 'flex-end' });
