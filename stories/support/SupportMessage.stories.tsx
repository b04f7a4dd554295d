import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SupportMessage } from '../../src/ui/support/SupportMessage';
import { conversation } from './fixtures';

const meta = {
  title: 'Support/SupportMessage',
  component: SupportMessage,
  args: { message: conversation[0]! },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof SupportMessage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FromTrader: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('article', { name: 'Вы' })).toBeVisible();
  },
};

export const AutomaticReply: Story = {
  args: { message: conversation[1]! },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('article', { name: 'Автоответ' })).toBeVisible();
  },
};

export const FromSupportWithFile: Story = {
  args: { message: conversation[3]! },
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: /statement\.pdf/ });
    await expect(link).toHaveAttribute('href', '/api/support/file/a2');
    await expect(link).toHaveAttribute('download', 'statement.pdf');
    await expect(canvas.getByText('1.4 МБ')).toBeVisible();
  },
};

export const AttachmentOnly: Story = {
  args: { message: { ...conversation[2]!, text: '' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: /receipt\.png/ })).toBeVisible();
    await expect(canvas.getByText('47 КБ')).toBeVisible();
  },
};
