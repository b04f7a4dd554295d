import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { expect, fn, waitFor, within } from 'storybook/test';
import { SLIP_ID, useFocusFallback } from '../src/routes/home/room-keys';
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
    await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    await userEvent.click(trigger);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const menu = canvas.getByRole('menu', { name: 'Счета' });
    const choices = within(menu).getAllByRole('menuitemradio');
    await expect(choices.map((c) => c.textContent)).toEqual([
      expect.stringMatching(/^Основной1\s250,50/),
      expect.stringMatching(/^Демо9\s875,25/),
      expect.stringMatching(/^Турнирный0,00/),
    ]);
    await expect(choices.map((c) => c.getAttribute('aria-checked'))).toEqual(['true', 'false', 'false']);
    await expect(within(menu).getByRole('menuitem', { name: 'Пополнить демо-счёт до 10 000 $' })).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: /^Демо/ }));
    await expect(args.onSelect).toHaveBeenCalledWith('demo');
    await expect(canvas.queryByRole('menu', { name: 'Счета' })).toBeNull();
    await expect(trigger).toHaveFocus();
  },
};

/** By keyboard: Enter opens on the chosen wallet, Down and Up move (round at the ends), Space chooses. */
export const ChosenByKeyboard: Story = {
  parameters: { sameFrameAs: { story: 'Open', why: 'the interaction is the state: choosing a wallet closes the panel, the props keep the chosen wallet' } },
  play: async ({ args, canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: /Реальный/ });
    await userEvent.keyboard('{Tab}');
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const menu = canvas.getByRole('menu', { name: 'Счета' });
    const item = (name: RegExp) => within(menu).getByRole('menuitemradio', { name });
    await expect(item(/^Основной/)).toHaveFocus();
    // One Tab stop in the menu: the focused item.
    await expect(within(menu).getAllByRole('menuitemradio').map((c) => c.tabIndex)).toEqual([0, -1, -1]);
    await userEvent.keyboard('{ArrowDown}');
    await expect(item(/^Демо/)).toHaveFocus();
    await expect(within(menu).getAllByRole('menuitemradio').map((c) => c.tabIndex)).toEqual([-1, 0, -1]);
    // Up from the first goes round to the last item of the menu: the demo refill.
    await userEvent.keyboard('{Home}{ArrowUp}');
    await expect(within(menu).getByRole('menuitem', { name: 'Пополнить демо-счёт до 10 000 $' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(item(/^Демо/)).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onSelect).toHaveBeenCalledWith('demo');
    await expect(canvas.queryByRole('menu', { name: 'Счета' })).toBeNull();
    await expect(trigger).toHaveFocus();
  },
};

/** Mirrored (right to left): the same keys; the menu hangs from the button's start, its right edge. */
export const ChosenByKeyboardMirrored: Story = {
  args: { onNavigate: fn() },
  render: (args) => (
    <div dir="rtl">
      <WalletSwitcher {...args} />
    </div>
  ),
  play: async ({ args, canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: /Реальный/ });
    await userEvent.keyboard('{Tab}{ArrowUp}');
    const menu = canvas.getByRole('menu', { name: 'Счета' });
    await expect(Math.round(menu.getBoundingClientRect().right)).toBe(Math.round(trigger.getBoundingClientRect().right));
    // Up on the button opens the menu at its last item, the Withdraw page.
    await expect(within(menu).getByRole('menuitem', { name: 'Вывести' })).toHaveFocus();
    await userEvent.keyboard('{End}{Home}{ArrowDown}{ArrowDown}{Enter}');
    await expect(args.onSelect).toHaveBeenCalledWith('tournament');
    await expect(trigger).toHaveFocus();
  },
};

export const DemoReset: Story = {
  args: { current: 'demo' },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Демо/ }));
    // The refill is an item of the menu: Space on it (Up from the wallets) refills.
    await userEvent.keyboard('{End}');
    await expect(canvas.getByRole('menuitem', { name: 'Пополнить демо-счёт до 10 000 $' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onDemoReset).toHaveBeenCalledTimes(1);
  },
};

export const DemoResetBusy: Story = {
  args: { current: 'demo', demoResetBusy: true },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Демо/ }));
    await expect(canvas.getByRole('menuitem', { name: 'Пополнить демо-счёт до 10 000 $' })).toBeDisabled();
    // Keys pass over the busy refill.
    await userEvent.keyboard('{End}');
    await expect(canvas.getByRole('menuitemradio', { name: /^Турнирный/ })).toHaveFocus();
  },
};

/**
 * The refill as the trading room runs it: the item goes busy at once (disabled, so Chromium drops
 * its focus when it next draws) and the new balance arrives right after, before the page's next
 * frame; the room sends focus that falls to the page to the slip.
 */
function RefillInTheRoom() {
  const [list, setList] = useState<WalletView[]>(wallets);
  const [busy, setBusy] = useState(false);
  useFocusFallback();
  const refill = () => {
    setBusy(true);
    // The answer lands between the busy item losing focus and the room's check a frame later, and
    // is drawn at once, as the shell draws its wallet machine's change.
    const answer = () =>
      flushSync(() => {
        setList((current) => current.map((w) => (w.wallet_type === 'demo' ? { ...w, amount: 10000 } : w)));
        setBusy(false);
      });
    document.addEventListener('focusout', () => setTimeout(answer), { once: true });
  };
  return (
    <div style={{ display: 'grid', gap: 16, justifyItems: 'start' }}>
      <WalletSwitcher wallets={list} current="demo" onSelect={() => undefined} onDemoReset={refill} demoResetBusy={busy} />
      <div id={SLIP_ID} tabIndex={-1} />
    </div>
  );
}

/** Refilled from the open menu: the menu stays open with the new balance, focus stays in it. */
export const DemoRefilled: Story = {
  render: () => <RefillInTheRoom />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Демо/ }));
    const menu = canvas.getByRole('menu', { name: 'Счета' });
    await userEvent.click(within(menu).getByRole('menuitem', { name: /^Пополнить демо-счёт/ }));
    await waitFor(() => expect(within(menu).getByRole('menuitemradio', { name: /^Демо/ })).toHaveTextContent(/10\s000,00/));
    await expect(within(menu).queryByRole('menuitem', { name: /^Пополнить демо-счёт/ })).toBeNull();
    // Two frames: the room's check of dropped focus has run.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await expect(canvas.getByRole('menu', { name: 'Счета' })).toHaveFocus();
    // Keys go on from the menu itself.
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(menu).getByRole('menuitemradio', { name: /^Основной/ })).toHaveFocus();
  },
};

export const DemoFull: Story = {
  args: { current: 'demo', wallets: wallets.map((w) => (w.wallet_type === 'demo' ? { ...w, amount: 10000 } : w)) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Демо/ }));
    await expect(canvas.queryByRole('menuitem', { name: 'Пополнить демо-счёт до 10 000 $' })).toBeNull();
  },
};

export const EscapeCloses: Story = {
  parameters: { sameFrameAs: { story: 'Open', why: 'the interaction is the state: Escape ends with the panel closed and focus on the trigger' } },
  play: async ({ args, canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: /Реальный/ });
    await userEvent.keyboard('{Tab}{ArrowDown}{ArrowDown}');
    await expect(within(canvas.getByRole('menu', { name: 'Счета' })).getByRole('menuitemradio', { name: /^Демо/ })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('menu', { name: 'Счета' })).toBeNull();
    await expect(trigger).toHaveFocus();
    await expect(args.onSelect).not.toHaveBeenCalled();
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
  parameters: { sameFrameAs: { story: 'Open', why: 'the interaction is the state: following a money link closes the panel' } },
  args: { onNavigate: fn() },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Реальный/ }));
    const panel = canvas.getByRole('menu', { name: 'Счета' });
    await expect(within(panel).getByRole('menuitem', { name: 'Вывести' })).toHaveAttribute('href', '/withdraw');
    // A page link is an item too: Space opens it as Enter does.
    await userEvent.keyboard('{End}{ArrowUp}');
    await expect(within(panel).getByRole('menuitem', { name: 'Пополнить' })).toHaveFocus();
    await userEvent.keyboard(' ');
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
    const panel = canvas.getByRole('menu', { name: 'Счета' });
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
        +1000 $
      </Button>
    </div>
  );
}

export const BalanceChangeHighlight: Story = {
  render: () => <BalanceChange />,
  play: async ({ canvas, userEvent }) => {
    const amount = canvas.getByTestId('wallet-amount');
    await userEvent.click(canvas.getByRole('button', { name: '+1000 $' }));
    // No count-up: the new balance is readable at once, and the change is marked.
    await expect(amount).toHaveTextContent(/2\s250,50\s\$/);
    await expect(amount).toHaveAttribute('data-change', 'up');
    await waitFor(() => expect(amount).not.toHaveAttribute('data-change'), { timeout: 3000 });
  },
};
