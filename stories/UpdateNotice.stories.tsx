import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { UpdateNotice } from '../src/ui/UpdateNotice';

/** A new version is out: offered with a button, never forced. */
const meta = {
  title: 'Patterns/Shell/UpdateNotice',
  component: UpdateNotice,
  args: { onReload: fn() },
} satisfies Meta<typeof UpdateNotice>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Available: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Вышла новая версия приложения.');
    await userEvent.click(canvas.getByRole('button', { name: 'Обновить' }));
    await expect(args.onReload).toHaveBeenCalledTimes(1);
  },
};
