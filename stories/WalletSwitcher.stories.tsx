import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import { Button } from '../src/ui/primitives/Button';
import { WalletSwitcher } from '../src/ui/WalletSwitcher';
import type { WalletView } from '../src/ui/types';
import { wallets } from './support/shell-fixtures';
import { expectNoSidewaysScroll } from './support/layout-checks';

const meta = {
  title: 'Patterns/Shell/WalletSwitcher',
  component: WalletSwitcher,
  args: { wallets, current: 'main', onSelect: fn(), onDemoReset: fn(), demoResetBusy: false },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof WalletSwitcher>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Main: Story = {
  play: async ({ canvas }) => {
    // The trigger says whether the money is real: the badge names the wallet's kind.
    await expect(canvas.getByRole('button', { name: /Реальный/ })).toHaveTextContent(/1\s250,50\s\$/);
  },
};


export const TournamentEmpty: Story = {
  args: { current: 'tournament' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Турнир/ })).toHaveTextContent(/0,00\s\$/);
  },
};

export const Open: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: /Реальный/ });
    await userEvent.click(trigger);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const panel = canvas.getByRole('group', { name: 'Счета' });
    const choices = within(panel).getAllByRole('button');
    await expect(choices.map((c) => c.textContent)).toEqual([
      expect.stringMatching(/^Основной1\s250,50/),
      expect.stringMatching(/^Демо9\s875,25/),
      expect.stringMatching(/^Турнирный0,00/),
      'Пополнить демо-счёт до $10 000',
    ]);
    await userEvent.click(within(panel).getByRole('button', { name: /^Демо/ }));
    await expect(args.onSelect).toHaveBeenCalledWith('demo');
    await expect(canvas.queryByRole('group', { name: 'Счета' })).toBeNull();
    await expect(trigger).toHaveFocus();
  },
};

export const DemoReset: Story = {
  args: { current: 'demo' },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Демо/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Пополнить демо-счёт до $10 000' }));
    await expect(args.onDemoReset).toHaveBeenCalledTimes(1);
  },
};

export const DemoResetBusy: Story = {
  args: { current: 'demo', demoResetBusy: true },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Демо/ }));
    await expect(canvas.getByRole('button', { name: 'Пополнить демо-счёт до $10 000' })).toBeDisabled();
  },
};

export const DemoFull: Story = {
  args: { current: 'demo', wallets: wallets.map((w) => (w.wallet_type === 'demo' ? { ...w, amount: 10000 } : w)) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Демо/ }));
    await expect(canvas.queryByRole('button', { name: 'Пополнить демо-счёт до $10 000' })).toBeNull();
  },
};

export const EscapeCloses: Story = {
  play: async ({ canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: /Реальный/ });
    await userEvent.click(trigger);
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('group', { name: 'Счета' })).toBeNull();
    await expect(trigger).toHaveFocus();
  },
};

export const LargeAmount: Story = {
  args: { wallets: wallets.map((w) => (w.wallet_type === 'main' ? { ...w, amount: 987654321.05 } : w)) },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('wallet-amount')).toHaveTextContent(/987\s654\s321,05\s\$/);
  },
};

export const CompactLayout: Story = {
  parameters: { viewport: { defaultViewport: 'phone' } },
  play: async ({ canvas, canvasElement }) => {
    // The kind badge is drawn on phones too, over the amount.
    await expect(canvas.getByTestId('wallet-kind')).toBeVisible();
    await expect(canvas.getByRole('button', { name: /Реальный/ })).toBeVisible();
    await expectNoSidewaysScroll(canvasElement);
  },
};

/** The badge of each wallet kind, at a phone's width: DEMO, REAL and TOURNAMENT are always drawn. */
export const KindBadges: Story = {
  parameters: { viewport: { defaultViewport: 'phone' } },
  render: (args) => (
    <div style={{ display: 'grid', gap: 12 }}>
      {(['main', 'demo', 'tournament'] as const).map((type) => (
        <WalletSwitcher key={type} {...args} current={type} />
      ))}
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    const badges = canvas.getAllByTestId('wallet-kind');
    await expect(badges.map((badge) => badge.textContent)).toEqual(['Реальный', 'Демо', 'Турнир']);
    for (const badge of badges) await expect(getComputedStyle(badge).textTransform).toBe('uppercase');
    await expectNoSidewaysScroll(canvasElement);
  },
};

/** With navigation the panel offers Deposit and Withdraw: one tap from the header at every width. */
export const MoneyLinks: Story = {
  args: { onNavigate: fn() },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Реальный/ }));
    const panel = canvas.getByRole('group', { name: 'Счета' });
    await expect(within(panel).getByRole('link', { name: 'Вывести' })).toHaveAttribute('href', '/withdraw');
    await userEvent.click(within(panel).getByRole('link', { name: 'Пополнить' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/deposit');
    await expect(canvas.queryByRole('group', { name: 'Счета' })).toBeNull();
  },
};

/** Under 600px the panel is a bottom sheet across the whole width: no amount is cut at the edge. */
export const AsSheet: Story = {
  args: { onNavigate: fn(), wallets: wallets.map((w) => ({ ...w, amount: 987654321.05 })) },
  parameters: { viewport: { defaultViewport: 'phone' } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Реальный/ }));
    const panel = canvas.getByRole('group', { name: 'Счета' });
    await waitFor(() => expect(panel.getAnimations().length).toBe(0));
    const box = panel.getBoundingClientRect();
    await expect(box.left).toBe(0);
    await expect(Math.round(box.right)).toBe(window.innerWidth);
    await expect(Math.round(box.bottom)).toBe(window.innerHeight);
    for (const amount of within(panel).getAllByText(/987\s654\s321,05/)) {
      await expect(amount.getBoundingClientRect().right).toBeLessThanOrEqual(box.right);
    }
    await expectNoSidewaysScroll(canvasElement);
  },
};

/** A balance change shows the new amount at once and only flashes it. */
function BalanceChange() {
  const [list, setList] = useState<WalletView[]>(wallets);
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
      <WalletSwitcher wallets={list} current="main" onSelect={() => undefined} onDemoReset={() => undefined} />
      <Button
        variant="secondary"
        size="sm"
        onClick={() =>
          setList((current) => current.map((w) => (w.wallet_type === 'main' ? { ...w, amount: w.amount + 1000 } : w)))
        }
      >
        +$1000
      </Button>
    </div>
  );
}

export const BalanceChangeHighlight: Story = {
  render: () => <BalanceChange />,
  play: async ({ canvas, userEvent }) => {
    const amount = canvas.getByTestId('wallet-amount');
    await userEvent.click(canvas.getByRole('button', { name: '+$1000' }));
    // No count-up: the new balance is readable at once, and the change is marked.
    await expect(amount).toHaveTextContent(/2\s250,50\s\$/);
    await expect(amount).toHaveAttribute('data-change', 'up');
    await waitFor(() => expect(amount).not.toHaveAttribute('data-change'), { timeout: 3000 });
  },
};
