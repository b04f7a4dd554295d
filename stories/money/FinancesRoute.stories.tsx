import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { FinancesRoute } from '../../src/routes/money/finances-route';
import { withMoneyApp } from './money-route-decorator';

const meta = {
  title: 'Money/Routes/Finances',
  component: FinancesRoute,
  decorators: [withMoneyApp],
  parameters: { route: { path: '/finances' } },
} satisfies Meta<typeof FinancesRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FilterByType: Story = {
  play: async ({ canvas, userEvent }) => {
    await waitFor(() => expect(canvas.getAllByTestId('finance-row')).toHaveLength(6));
    const [type] = canvas.getAllByRole('combobox');
    await userEvent.selectOptions(type!, 'deposit');
    await waitFor(() => expect(canvas.getAllByTestId('finance-row')).toHaveLength(3));
  },
};
