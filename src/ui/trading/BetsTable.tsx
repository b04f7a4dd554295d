import type { ReactNode } from 'react';
import { styled } from '../stitches.config';

/** One column: its header and how a row shows it. */
export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right';
}

const Table = styled('table', {
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: '$sm',
  fontVariantNumeric: 'tabular-nums',
  '& caption': { textAlign: 'start', fontWeight: '$bold', paddingBottom: '$2' },
  '& th': {
    textAlign: 'start',
    color: '$textMuted',
    fontWeight: '$medium',
    padding: '$2',
    borderBottom: '1px solid $border',
  },
  '& td': { padding: '$2', borderBottom: '1px solid $border' },
  '& [data-align="right"]': { textAlign: 'end' },
  // Under 60rem every row becomes a card: each cell on its own line with its header as a label.
  '@table': {
    '& thead': { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0,0,0,0)' },
    '& tbody, & tr, & td': { display: 'block', width: '100%' },
    '& tr': {
      marginBottom: '$3',
      padding: '$3',
      backgroundColor: '$surfaceRaised',
      border: '1px solid $border',
      borderRadius: '$md',
    },
    '& td': {
      display: 'flex',
      justifyContent: 'space-between',
      gap: '$3',
      border: 'none',
      padding: '$1 0',
      textAlign: 'end',
    },
    '& td::before': { content: 'attr(data-label)', color: '$textMuted', textAlign: 'start' },
  },
});

export interface BetsTableProps<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** A row's accessible name on the card layout, and a hook for tests. */
  rowLabel?: (row: Row) => string;
}

/** A table of bets that turns into cards under 60rem. */
export function BetsTable<Row>({ caption, columns, rows, rowKey, rowLabel }: BetsTableProps<Row>) {
  return (
    <Table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.key} scope="col" data-align={column.align}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} aria-label={rowLabel?.(row)}>
            {columns.map((column) => (
              <td key={column.key} data-label={column.header} data-align={column.align}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export const Empty = styled('p', { color: '$textMuted', fontSize: '$sm', padding: '$3 0' });

export const DirectionMark = styled('span', {
  fontWeight: '$bold',
  variants: { direction: { up: { color: '$upText' }, down: { color: '$downText' } } },
});

export const ProfitText = styled('span', {
  fontWeight: '$bold',
  variants: {
    tone: { plus: { color: '$successText' }, minus: { color: '$dangerText' }, even: { color: '$textMuted' } },
  },
});

export const toneOf = (amount: number | null | undefined) =>
  amount === null || amount === undefined || amount === 0 ? 'even' : amount > 0 ? 'plus' : 'minus';
