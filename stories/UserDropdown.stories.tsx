import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { AccountDetails, UserDropdown } from '../src/ui/UserDropdown';
import { LONG_EMAIL, topMenu, user } from './support/shell-fixtures';

const meta = {
  title: 'Patterns/Shell/UserDropdown',
  component: UserDropdown,
  subcomponents: { AccountDetails },
  args: { user, links: topMenu, onCopy: fn(), onNavigate: fn(), onLogout: fn(), defaultOpen: true },
  decorators: [
    (Story) => (
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 16, minHeight: 480 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof UserDropdown>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  args: { defaultOpen: false },
  play: async ({ canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: 'Профиль' });
    await expect(trigger).toHaveAttribute('title', 'Профиль');
    await userEvent.click(trigger);
    await expect(canvas.getByText(user.email)).toBeInTheDocument();
  },
};

export const Open: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Скопировать: Email' }));
    await expect(args.onCopy).toHaveBeenCalledWith('trader@example.com', 'email');
    await userEvent.click(canvas.getByRole('button', { name: 'Скопировать: Номер счёта' }));
    await expect(args.onCopy).toHaveBeenCalledWith('100245', 'account_id');
    const links = canvas.getAllByRole('link').map((link) => link.getAttribute('href'));
    await expect(links).toEqual(['/home', '/history/bets', '/finances', '/settings/personal', '/support']);
    await userEvent.click(canvas.getByRole('link', { name: 'Личные данные' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/settings/personal');
  },
};

export const Logout: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Выйти' }));
    await expect(args.onLogout).toHaveBeenCalledTimes(1);
    await expect(canvas.queryByText(user.email)).toBeNull();
  },
};


export const NoLinks: Story = { args: { links: [] } };

export const LongEmail: Story = {
  args: { user: { email: LONG_EMAIL, accountId: '12345678901234567890' } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Скопировать: Email' }));
    await expect(args.onCopy).toHaveBeenCalledWith(LONG_EMAIL, 'email');
  },
};

export const OutsideClickCloses: Story = {
  parameters: { sameFrameAs: { story: 'Open', why: 'the interaction is the state: a click outside ends with the menu closed again, the trigger as before' } },
  play: async ({ canvasElement, canvas, userEvent }) => {
    await userEvent.click(canvasElement);
    await expect(canvas.queryByText(user.email)).toBeNull();
  },
};

/** From 992px the sound switch lives in the user menu (the burger menu holds it below). */
export const WithSound: Story = {
  args: { sound: { enabled: true, onToggle: fn() } },
  play: async ({ args, canvas, userEvent }) => {
    const sound = canvas.getByRole('switch', { name: 'Звук' });
    await expect(sound).toBeChecked();
    await userEvent.click(sound);
    await expect(args.sound?.onToggle).toHaveBeenCalledWith(false);
  },
};


/** Under 600px the menu is a bottom sheet across the width. */
export const AsSheet: Story = {
  args: { sound: { enabled: true, onToggle: fn() } },
  parameters: { viewport: { defaultViewport: 'narrow' } },
  play: async ({ canvas }) => {
    const panel = canvas.getByRole('group', { name: 'Профиль' });
    await expect(panel.getBoundingClientRect().left).toBe(0);
    await expect(Math.round(panel.getBoundingClientRect().right)).toBe(window.innerWidth);
  },
};
