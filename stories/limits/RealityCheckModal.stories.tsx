import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { RealityCheckModal } from '../../src/ui/limits/RealityCheckModal';
import { fixtureKey } from '../support/fixture-text';

const meta = {
  title: 'Patterns/Limits/RealityCheckModal',
  component: RealityCheckModal,
  args: { open: true, figures: { minutes: 30, bets: 7, net: -23.5 }, onContinue: fn(), onStop: fn() },
} satisfies Meta<typeof RealityCheckModal>;
export default meta;
type Story = StoryObj<typeof meta>;

// The modal renders into document.body (a portal), so queries go through `screen`.
export const Open: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = screen.getByRole('dialog', { name: 'Проверка реальности' });
    await expect(dialog).toHaveTextContent('30 минут');
    await expect(dialog).toHaveTextContent('7');
    await expect(dialog).toHaveTextContent(/−23,50\s\$/);
    await userEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    await expect(args.onContinue).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Закончить на сегодня' }));
    await expect(args.onStop).toHaveBeenCalledTimes(1);
  },
};

export const Stopping: Story = {
  args: { busy: true },
  play: async ({ args, userEvent }) => {
    await expect(screen.getByRole('button', { name: 'Продолжить' })).toBeDisabled();
    // While the stop is on its way, Escape in the dialog does not continue.
    await expect(screen.getByRole('dialog', { name: 'Проверка реальности' })).toContainElement(
      document.activeElement as HTMLElement,
    );
    await userEvent.keyboard('{Escape}');
    await expect(args.onContinue).not.toHaveBeenCalled();
  },
};

export const StopFailed: Story = {
  args: { error: fixtureKey('limits.reality.stop_failed') },
  play: async () => {
    await expect(screen.getByRole('alert')).toHaveTextContent('Не удалось остановить торговлю');
  },
};
