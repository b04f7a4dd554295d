import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import type { LinkProps } from '../src/ui/primitives/Link';
import { Link } from '../src/ui/primitives/Link';
import type { PreviewState } from './support/state-matrix';
import { expectRealFocus, expectRealHover, InState, MATRIX_PARAMETERS, StateMatrix } from './support/state-matrix';

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

const LINK_STATES: (PreviewState | undefined)[] = [undefined, 'hover', 'focus-visible'];

/** Every tone (and the button-looking link at each size) at rest, under the pointer and focused. */
export const EveryToneInEveryState: Story = {
  parameters: MATRIX_PARAMETERS,
  render: ({ onNavigate }) => {
    const looks: [string, Partial<LinkProps>, string][] = [
      ['inline', {}, 'Лицензия'],
      ['nav', { tone: 'nav' }, 'Платформа'],
      ['nav-current', { tone: 'nav', 'aria-current': 'page' }, 'Турниры'],
      ['muted', { tone: 'muted' }, 'История ставок'],
      ['button-sm', { button: 'success', size: 'sm' }, 'Пополнить'],
      ['button-md', { button: 'success', size: 'md' }, 'Пополнить'],
      ['button-lg', { button: 'success', size: 'lg' }, 'Пополнить'],
    ];
    const rows = looks.map(([key, look, label]) => ({
      key,
      cells: LINK_STATES.map((state) => (
        <InState key={state ?? 'rest'} state={state}>
          <Link href="/home" onNavigate={onNavigate} {...look}>
            {label}
          </Link>
        </InState>
      )),
    }));
    return <StateMatrix rows={rows} />;
  },
  play: async ({ canvas, userEvent }) => {
    const [, hovered, focused] = canvas.getAllByRole('link', { name: 'Лицензия' });
    await expectRealHover(hovered!, 'color');
    await expectRealFocus(focused!, 'outlineStyle', () => userEvent.tab());
  },
};
