import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { FinancesSummary } from '../../src/ui/money/FinancesSummary';
import { finances } from '../../tests/msw/money-fixtures';

const meta = {
  title: 'Patterns/Money/FinancesSummary',
  component: FinancesSummary,
  args: { finances },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof FinancesSummary>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('finances-summary')).toHaveTextContent(/1[\s\u00a0,]?250[.,]50/);
    await expect(canvas.getByTestId('finances-summary')).toHaveTextContent(/50[.,]00/);
  },
};

export const Loading: Story = {
  args: { finances: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('finances-summary')).toHaveAttribute('aria-busy', 'true');
  },
};
