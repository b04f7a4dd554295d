import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Link } from '../src/ui/primitives/Link';

/** In-app paths go through the router; other addresses and modified clicks stay with the browser. */
function Links({ onNavigate }: { onNavigate: (href: string) => void }) {
  return (
    <p style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'center' }}>
      <Link href="/company/license" onNavigate={onNavigate}>
        Лицензия
      </Link>
      <Link href="/home" onNavigate={onNavigate} tone="nav">
        Платформа
      </Link>
      <Link href="/history/bets" onNavigate={onNavigate} tone="muted">
        История ставок
      </Link>
      <Link href="https://example.org/regulator" onNavigate={onNavigate} target="_blank" rel="noreferrer">
        Сайт регулятора
      </Link>
      <Link href="/deposit" onNavigate={onNavigate} button="success" size="sm">
        Пополнить
      </Link>
    </p>
  );
}

const meta = {
  title: 'Components/Link',
  component: Links,
  subcomponents: { Link },
  args: { onNavigate: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Links>;
export default meta;
type Story = StoryObj<typeof meta>;

export const InAppAndExternal: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('link', { name: 'Лицензия' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/company/license');
    await userEvent.click(canvas.getByRole('link', { name: 'Пополнить' }));
    await expect(args.onNavigate).toHaveBeenLastCalledWith('/deposit');
    await expect(canvas.getByRole('link', { name: 'Сайт регулятора' })).toHaveAttribute('target', '_blank');
  },
};

export const KeyboardFocus: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Лицензия' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onNavigate).toHaveBeenCalledWith('/company/license');
  },
};
