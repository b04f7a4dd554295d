import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Button } from '../src/ui/primitives/Button';
import type { ButtonSize, ButtonVariant } from '../src/ui/primitives/button-styles';
import type { PreviewState } from './support/state-matrix';
import { expectRealFocus, expectRealHover, InState, StateMatrix } from './support/state-matrix';

const meta = {
  title: 'Components/Button',
  component: Button,
  args: { children: 'Пополнить', onClick: fn() },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  args: { variant: 'primary' },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Пополнить' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};
export const Secondary: Story = { args: { variant: 'secondary', children: 'Вывести' } };
export const Success: Story = { args: { variant: 'success', children: 'Выше' } };
export const Warning: Story = { args: { variant: 'warning', children: 'Проверить' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Ниже' } };
export const Gold: Story = { args: { variant: 'gold', children: 'Турнир' } };
export const Outline: Story = { args: { variant: 'outline', children: 'Отмена' } };
export const Ghost: Story = { args: { variant: 'ghost', children: 'Ещё' } };
export const Small: Story = { args: { size: 'sm' } };
export const Large: Story = { args: { size: 'lg' } };

export const Busy: Story = {
  args: { busy: true, children: 'Сохранение' },
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Сохранение' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Пополнить' })).toBeDisabled();
  },
};

/** Every variant with the action it usually carries, at every size. */
const VARIANTS: [ButtonVariant, string][] = [
  ['primary', 'Пополнить'],
  ['secondary', 'Вывести'],
  ['success', 'Подтвердить'],
  ['warning', 'Проверить'],
  ['danger', 'Удалить'],
  ['gold', 'Турнир'],
  ['neutral', 'Закрыть'],
  ['up', 'Выше'],
  ['down', 'Ниже'],
  ['outline', 'Отмена'],
  ['ghost', 'Ещё'],
];
const SIZES: ButtonSize[] = ['sm', 'md', 'lg'];

function ButtonMatrix({ disabled = false, state }: { disabled?: boolean; state?: PreviewState }) {
  const rows = VARIANTS.map(([variant, label]) => ({
    key: variant,
    cells: SIZES.map((size) => (
      <InState key={size} state={state}>
        <Button variant={variant} size={size} disabled={disabled}>
          {label}
        </Button>
      </InState>
    )),
  }));
  return <StateMatrix rows={rows} />;
}

export const EveryVariantAtRest: Story = { render: () => <ButtonMatrix />, parameters: { layout: 'padded' } };
/** The pointer over each button: the hover colours of every variant (checked against a real hover). */
export const EveryVariantHovered: Story = {
  render: () => <ButtonMatrix state="hover" />,
  parameters: { layout: 'padded' },
  play: async ({ canvas }) => {
    const button = canvas.getAllByRole('button', { name: 'Пополнить' })[0]!;
    await expectRealHover(button, 'backgroundColor');
  },
};

/** Keyboard focus on each button: the focus ring on every variant (checked against a real Tab). */
export const EveryVariantFocused: Story = {
  render: () => <ButtonMatrix state="focus-visible" />,
  parameters: { layout: 'padded' },
  play: async ({ canvas, userEvent }) => {
    const button = canvas.getAllByRole('button', { name: 'Пополнить' })[0]!;
    await expectRealFocus(button, 'boxShadow', () => userEvent.tab());
  },
};

/** The pointer pressing each button: it sinks a pixel under the hover colours. */
export const EveryVariantPressed: Story = {
  render: () => <ButtonMatrix state="active" />,
  parameters: { layout: 'padded' },
};

export const EveryVariantDisabled: Story = {
  render: () => <ButtonMatrix disabled />,
  parameters: { layout: 'padded' },
  play: async ({ canvas }) => {
    for (const button of canvas.getAllByRole('button')) await expect(button).toBeDisabled();
  },
};
