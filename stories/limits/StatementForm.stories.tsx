import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { StatementForm } from '../../src/ui/limits/StatementForm';

const meta = {
  title: 'Patterns/Limits/StatementForm',
  component: StatementForm,
  args: {
    initialFrom: '2026-11-01',
    initialTo: '2026-11-25',
    urlOf: ({ kind, format, from, to }) => (from <= to ? `/api/statement?kind=${kind}&format=${format}&from=${from}&to=${to}` : null),
  },
} satisfies Meta<typeof StatementForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('link', { name: 'Скачать CSV' })).toHaveAttribute('href', '/api/statement?kind=finance&format=csv&from=2026-11-01&to=2026-11-25');
    await userEvent.selectOptions(canvas.getByLabelText('Выписка'), 'bets');
    await expect(canvas.getByRole('link', { name: 'Скачать PDF' })).toHaveAttribute('href', '/api/statement?kind=bets&format=pdf&from=2026-11-01&to=2026-11-25');
  },
};

export const BadRange: Story = {
  args: { initialFrom: '2026-11-25', initialTo: '2026-11-01' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Выберите период не длиннее года');
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};
