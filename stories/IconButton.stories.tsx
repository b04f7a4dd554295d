import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { BellIcon, CloseIcon, MenuIcon } from '../src/ui/icons';
import { IconButton } from '../src/ui/primitives/IconButton';
import type { PreviewState } from './support/state-matrix';
import { expectRealFocus, expectRealHover, InState, StateMatrix } from './support/state-matrix';
import { fixtureKey } from './support/fixture-text';

/** A button that shows only an icon; its label is its accessible name and its tooltip. */
const meta = {
  title: 'Components/IconButton',
  component: IconButton,
  args: { label: fixtureKey('shell.close-btn'), children: <CloseIcon />, onClick: fn() },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof IconButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Plain: Story = {
  play: async ({ args, canvas, userEvent }) => {
    // The label is the button's name and its tooltip: the icon alone says nothing.
    const button = canvas.getByRole('button', { name: 'Закрыть' });
    await expect(button).toHaveAttribute('title', 'Закрыть');
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};
export const Bordered: Story = { args: { bordered: true, label: fixtureKey('shell.notifications'), children: <BellIcon /> } };
export const Small: Story = { args: { size: 'sm', label: fixtureKey('shell.menu'), children: <MenuIcon /> } };

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Закрыть' });
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

/** Each look (plain, bordered) at both sizes, with the icons the header and the dialogs use. */
const ICONS = [
  ['Закрыть', <CloseIcon key="close" />],
  ['Уведомления', <BellIcon key="bell" />],
  ['Меню', <MenuIcon key="menu" />],
] as const;

function IconButtonMatrix({ state, disabled = false }: { state?: PreviewState; disabled?: boolean }) {
  const rows = [false, true].map((bordered) => ({
    key: bordered ? 'bordered' : 'plain',
    cells: (['sm', 'md'] as const).flatMap((size) =>
      ICONS.map(([label, icon]) => (
        <InState key={`${size}-${label}`} state={state}>
          <IconButton label={label} size={size} bordered={bordered} disabled={disabled}>
            {icon}
          </IconButton>
        </InState>
      )),
    ),
  }));
  return <StateMatrix rows={rows} />;
}

export const EveryVariantAtRest: Story = { render: () => <IconButtonMatrix />, parameters: { layout: 'padded' } };

export const EveryVariantHovered: Story = {
  render: () => <IconButtonMatrix state="hover" />,
  parameters: { layout: 'padded' },
  play: async ({ canvas }) => {
    await expectRealHover(canvas.getAllByRole('button', { name: 'Закрыть' })[0]!, 'backgroundColor');
  },
};

export const EveryVariantFocused: Story = {
  render: () => <IconButtonMatrix state="focus-visible" />,
  parameters: { layout: 'padded' },
  play: async ({ canvas, userEvent }) => {
    await expectRealFocus(canvas.getAllByRole('button', { name: 'Закрыть' })[0]!, 'boxShadow', () => userEvent.tab());
  },
};

export const EveryVariantDisabled: Story = {
  render: () => <IconButtonMatrix disabled />,
  parameters: { layout: 'padded' },
  play: async ({ canvas }) => {
    for (const button of canvas.getAllByRole('button')) await expect(button).toBeDisabled();
  },
};
