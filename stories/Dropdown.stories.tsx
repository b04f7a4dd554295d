import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, within } from 'storybook/test';
import { DropdownAnchor, DropdownPanel } from '../src/ui/Dropdown';
import { CheckIcon, ChevronDownIcon } from '../src/ui/icons';
import { useMenuButton } from '../src/ui/menu-keys';
import { Button } from '../src/ui/primitives/Button';
import type { PreviewState } from './support/state-matrix';
import { expectRealHover, InState, MATRIX_PARAMETERS, StateMatrix } from './support/state-matrix';

const PERIODS = ['1 минута', '5 минут', '15 минут', '1 час', '4 часа'];

interface PeriodMenuProps {
  /** The index of the chosen period, -1 for none yet. */
  chosen: number;
  defaultOpen?: boolean;
  align?: 'left' | 'right';
  onChoose: (period: string) => void;
  /** The matrix's marks, by item. */
  itemStates?: (PreviewState | undefined)[];
  disabledItem?: number;
}

/**
 * The dropdown as the header's menus use it (the language, the wallet, the account): a menu button
 * (useMenuButton) over the shared panel, with items that move focus with the arrow keys.
 */
function PeriodMenu({ chosen: initial, defaultOpen, align, onChoose, itemStates = [], disabledItem }: PeriodMenuProps) {
  const [chosen, setChosen] = useState(initial);
  const menu = useMenuButton({ chosen, defaultOpen });
  return (
    <DropdownAnchor>
      <Button variant="outline" {...menu.triggerProps}>
        {PERIODS[chosen] ?? 'Период'}
        <ChevronDownIcon width={14} height={14} />
      </Button>
      {menu.open && (
        <DropdownPanel {...menu.menuProps} aria-label="Период" align={align}>
          {PERIODS.map((period, index) => (
            <InState key={period} state={itemStates[index]}>
              <Button
                variant="ghost"
                full
                role="menuitemradio"
                aria-checked={index === chosen}
                disabled={index === disabledItem}
                tabIndex={menu.tabIndexOf(index)}
                style={{ justifyContent: 'space-between' }}
                onClick={() => {
                  menu.close();
                  setChosen(index);
                  onChoose(period);
                }}
              >
                {period}
                {index === chosen && <CheckIcon width={16} height={16} />}
              </Button>
            </InState>
          ))}
        </DropdownPanel>
      )}
    </DropdownAnchor>
  );
}

const meta = {
  title: 'Components/Dropdown',
  component: PeriodMenu,
  args: { chosen: -1, onChoose: fn() },
  // Room under the button for the open panel.
  decorators: [(Story) => <div style={{ minHeight: 320, display: 'flex', justifyContent: 'center', alignItems: 'flex-start' }}><Story /></div>],
  parameters: { layout: 'padded' },
} satisfies Meta<typeof PeriodMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: /Период/ });
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('menu')).toBeNull();
  },
};

/** Open with nothing chosen yet: focus on the first item, the only Tab stop. */
export const Open: Story = {
  args: { defaultOpen: true },
  play: async ({ canvas }) => {
    const menu = canvas.getByRole('menu', { name: 'Период' });
    const items = within(menu).getAllByRole('menuitemradio');
    await expect(items.map((item) => item.textContent)).toEqual(PERIODS);
    await expect(items[0]).toHaveFocus();
    await expect(items.filter((item) => item.getAttribute('aria-checked') === 'true')).toHaveLength(0);
  },
};

/** Open on the chosen period: it is checked, marked and focused. */
export const WithChosenItem: Story = {
  args: { defaultOpen: true, chosen: 2 },
  play: async ({ canvas }) => {
    const item = within(canvas.getByRole('menu', { name: 'Период' })).getByRole('menuitemradio', { name: '15 минут' });
    await expect(item).toHaveAttribute('aria-checked', 'true');
    await expect(item).toHaveFocus();
    await expect(canvas.getByRole('button', { name: /15 минут/, expanded: true })).toBeVisible();
  },
};

/** The keyboard alone: Tab to the button, Enter opens, the arrows, Home and End move, Enter chooses. */
export const KeyboardNavigation: Story = {
  args: { chosen: 1 },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.keyboard('{Tab}');
    await expect(canvas.getByRole('button', { name: /5 минут/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const menu = canvas.getByRole('menu', { name: 'Период' });
    const item = (name: string) => within(menu).getByRole('menuitemradio', { name });
    await expect(item('5 минут')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(item('15 минут')).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(item('4 часа')).toHaveFocus();
    // Down from the last goes round to the first; Home stays there.
    await userEvent.keyboard('{ArrowDown}');
    await expect(item('1 минута')).toHaveFocus();
    await userEvent.keyboard('{Home}{ArrowUp}{ArrowUp}');
    await expect(item('1 час')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onChoose).toHaveBeenCalledWith('1 час');
    // Closed again, focus back on the button, which names the new choice.
    await expect(canvas.queryByRole('menu')).toBeNull();
    await expect(canvas.getByRole('button', { name: /1 час/ })).toHaveFocus();
  },
};

/**
 * The items' states in one open panel: at rest, under the pointer, focused from the keyboard,
 * chosen, and unavailable (skipped by the arrow keys).
 */
export const EveryItemState: Story = {
  parameters: MATRIX_PARAMETERS,
  args: { defaultOpen: true, chosen: 3, itemStates: [undefined, 'hover', 'focus-visible'], disabledItem: 4 },
  render: (args) => <StateMatrix rows={[{ key: 'items', cells: [<PeriodMenu key="menu" {...args} />] }]} />,
  play: async ({ canvas, userEvent }) => {
    const menu = canvas.getByRole('menu', { name: 'Период' });
    const item = (name: string) => within(menu).getByRole('menuitemradio', { name });
    await expect(item('4 часа')).toBeDisabled();
    // Focus opens on the chosen item; End skips the unavailable last one, so it stays there.
    await userEvent.keyboard('{End}');
    await expect(item('1 час')).toHaveFocus();
    await expectRealHover(item('5 минут'), 'backgroundColor');
    // Only the marked item shows focus in the final frame.
    item('1 час').blur();
  },
};
