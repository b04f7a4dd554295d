import type { ReactNode } from 'react';
import { styled } from '../stitches.config';

const Main = styled('div', {
  display: 'grid',
  gap: '$5',
  width: '100%',
  maxWidth: '$content',
  mx: 'auto',
  padding: '$5 $4',
  '& > h1': { fontSize: '$2xl', fontWeight: '$bold' },
  '& > p': { color: '$textMuted' },
});

/** The frame of a money page: its title and content. */
export function MoneyPage({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <Main>
      <h1>{title}</h1>
      {lead && <p>{lead}</p>}
      {children}
    </Main>
  );
}
