import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { Button } from '../src/ui/primitives/Button';
import { Sheet } from '../src/ui/primitives/Sheet';
import { expectNoSidewaysScroll } from './support/layout-checks';
import { fixtureKey } from './support/fixture-text';

const meta = {
  title: 'Components/Sheet',
  component: Sheet,
  args: {
    open: true,
    title: fixtureKey('trading.open.title'),
    children: <p>EUR/USD, выше, 10,00 $ — 00:25</p>,
    onClose: fn(),
  },
  parameters: { viewport: { defaultViewport: 'phone' } },
} satisfies Meta<typeof Sheet>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Rises from the bottom edge across the width; focus moves in, Escape closes. */
export const Open: Story = {
  play: async ({ args, canvasElement, userEvent }) => {
    const sheet = screen.getByRole('dialog', { name: 'Открытые ставки' });
    await waitFor(() => expect(sheet.getAnimations().length).toBe(0));
    const box = sheet.getBoundingClientRect();
    await expect(Math.round(box.bottom)).toBe(window.innerHeight);
    await expect(box.width).toBe(window.innerWidth);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Закрыть' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await expectNoSidewaysScroll(canvasElement);
  },
};

/** A long list scrolls inside the sheet, which never grows past the screen. */
export const LongContent: Story = {
  args: {
    children: (
      <ol>
        {Array.from({ length: 60 }, (_, i) => (
          <li key={i}>Ставка {i + 1}</li>
        ))}
      </ol>
    ),
  },
  play: async () => {
    const sheet = screen.getByRole('dialog', { name: 'Открытые ставки' });
    await waitFor(() => expect(sheet.getAnimations().length).toBe(0));
    await expect(sheet.getBoundingClientRect().top).toBeGreaterThanOrEqual(0);
  },
};

/** Opened from a button and closed again: focus goes back to the button. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Время ставки</Button>
      <Sheet open={open} title="Время ставки" onClose={() => setOpen(false)}>
        <Button onClick={() => setOpen(false)}>Готово</Button>
      </Sheet>
    </>
  );
}

export const FocusReturns: Story = {
  render: () => <Opener />,
  play: async ({ canvas, userEvent }) => {
    const opener = canvas.getByRole('button', { name: 'Время ставки' });
    await userEvent.click(opener);
    const sheet = screen.getByRole('dialog', { name: 'Время ставки' });
    // Tab stays inside: from the last control back to the first.
    await userEvent.tab();
    await expect(sheet.contains(document.activeElement)).toBe(true);
    await userEvent.tab();
    await expect(sheet.contains(document.activeElement)).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Готово' }));
    await expect(screen.queryByRole('dialog')).toBeNull();
    await expect(opener).toHaveFocus();
  },
};

