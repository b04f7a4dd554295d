import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ConnectivityBanner } from '../src/ui/ConnectivityBanner';
import { Notice, NoticeStack } from '../src/ui/NoticeStack';

/** The banner under the header while the connection is lost, being restored, or just back. */
const meta = {
  title: 'Patterns/Shell/ConnectivityBanner',
  component: ConnectivityBanner,
  subcomponents: { NoticeStack, Notice },
  args: { state: 'offline' },
} satisfies Meta<typeof ConnectivityBanner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Offline: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Нет подключения к интернету. Ставки недоступны, пока связь не вернётся');
  },
};

export const Reconnecting: Story = {
  args: { state: 'reconnecting' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Связь с сервером потеряна. Переподключаемся…');
  },
};

export const Back: Story = {
  args: { state: 'back' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Связь восстановлена.');
  },
};

/** Online: nothing shows, but the live region stays in the page so the next change is heard. */
export const Online: Story = {
  args: { state: 'online' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
  },
};
