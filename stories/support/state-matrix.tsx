import type { ReactNode } from 'react';

/**
 * A matrix story's frame (as primer/react's feature stories): one row per variant, its sizes side
 * by side, wrapping at a phone's width.
 */
export function StateMatrix({ rows }: { rows: { key: string; cells: ReactNode[] }[] }) {
  return (
    <div style={{ display: 'grid', gap: 12, padding: 16 }}>
      {rows.map((row) => (
        <div key={row.key} data-variant={row.key} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
          {row.cells}
        </div>
      ))}
    </div>
  );
}
