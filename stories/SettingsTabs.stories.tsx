import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { SettingsTabs } from '../src/ui/forms/SettingsTabs';

const meta = {
  title: 'Patterns/Forms/SettingsTabs',
  component: SettingsTabs,
  args: { current: '/settings', onNavigate: fn() },
} satisfies Meta<typeof SettingsTabs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const PasswordShown: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('navigation', { name: 'Настройки аккаунта' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Смена пароля' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('link', { name: 'Личные данные' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/settings/personal');
  },
};

export const PersonalDataShown: Story = {
  args: { current: '/settings/personal' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Личные данные' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'Смена пароля' })).not.toHaveAttribute('aria-current');
  },
};

