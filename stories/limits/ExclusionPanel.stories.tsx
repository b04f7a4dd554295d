import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { ExclusionPanel } from '../../src/ui/limits/ExclusionPanel';
import { fixtureKey } from '../support/fixture-text';

const meta = {
  title: 'Patterns/Limits/ExclusionPanel',
  component: ExclusionPanel,
  args: { exclusion: null, asked: null, onAsk: fn(), onConfirm: fn(), onCancel: fn() },
} satisfies Meta<typeof ExclusionPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Available: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.selectOptions(canvas.getByLabelText('Перерыв'), 'until_date');
    await userEvent.click(canvas.getByRole('button', { name: 'Начать перерыв' }));
    await expect(canvas.getByLabelText('До (включительно)')).toHaveAccessibleDescription(/Введите корректную дату/);
    await expect(args.onAsk).not.toHaveBeenCalled();
    await userEvent.selectOptions(canvas.getByLabelText('Перерыв'), 'timeout_7d');
    await userEvent.click(canvas.getByRole('button', { name: 'Начать перерыв' }));
    await expect(args.onAsk).toHaveBeenCalledWith({ kind: 'timeout_7d' });
  },
};

// The dialog renders into document.body (a portal), so queries go through `screen`.
export const Confirming: Story = {
  args: { asked: { kind: 'timeout_24h' } },
  play: async ({ args, userEvent }) => {
    const dialog = screen.getByRole('dialog', { name: 'Начать самоисключение?' });
    await expect(dialog).toHaveAccessibleDescription('Вы начинаете: Перерыв на 24 часа. Отменить или сократить его нельзя.');
    await userEvent.click(screen.getByRole('button', { name: 'Начать' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};

export const Sending: Story = {
  args: { asked: { kind: 'until_date', until: '2027-08-01' }, busy: true },
  play: async () => {
    await expect(screen.getByRole('button', { name: 'Закрыть' })).toBeDisabled();
  },
};

export const Refused: Story = {
  args: { error: fixtureKey('limits.error.exclusion_too_short', { months: 6 }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('не меньше 6 месяцев');
  },
};

export const Running: Story = {
  args: { exclusion: { kind: 'timeout_7d', until: '2026-12-02T10:00:00.000Z' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(/^Вы исключены из торговли и пополнений до /);
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};
