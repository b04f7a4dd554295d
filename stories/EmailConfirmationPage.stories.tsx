import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { EmailConfirmationPage } from '../src/ui/StatusPage';
import { onPhone } from './support/layout-checks';

/** /email-confirmed: what the confirmation link did, one story per result, signed in and out. */
const meta = {
  title: 'Patterns/Shell/EmailConfirmationPage',
  component: EmailConfirmationPage,
  args: { result: 'confirmed', signedIn: false, onNavigate: fn() },
} satisfies Meta<typeof EmailConfirmationPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opened in a browser that is signed out: confirmed, and the way on is signing in. */
export const ConfirmedSignedOut: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Почта подтверждена' })).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: 'Войти' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/login');
  },
};

export const ConfirmedSignedIn: Story = {
  args: { signedIn: true },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('link', { name: 'Перейти к торговле' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/home');
  },
};

export const AlreadyUsed: Story = {
  args: { result: 'already' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Ссылка уже использована' })).toBeVisible();
    await expect(canvas.getByText(/почта подтверждена/)).toBeVisible();
  },
};

/** Expired, signed in: a new link is one tap away. */
export const ExpiredSignedIn: Story = {
  args: { result: 'expired', signedIn: true },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Ссылка устарела' })).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: 'Запросить новую ссылку' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/settings/personal');
  },
};

export const InvalidSignedOut: Story = {
  args: { result: 'invalid' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Ссылка не подходит' })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Запросить новую ссылку' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Войти' })).toBeVisible();
  },
};

export const CompactLayout: Story = { ...onPhone };
