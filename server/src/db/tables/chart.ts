import type { ColumnType, Generated } from 'kysely';
import type { ChartLayout } from '../../../../src/api/contract/chart';

/** A trader's chart layout (migration 0012), validated by the shared contract before it is stored. */
interface ChartLayoutsTable {
  user_id: number;
  layout: ColumnType<ChartLayout, string, string>;
  updated_at: Generated<Date>;
}

export interface ChartTables {
  chart_layouts: ChartLayoutsTable;
}
