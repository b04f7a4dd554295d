import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Button } from '../src/ui/primitives/Button';
import type { ButtonSize, ButtonVariant } from '../src/ui/primitives/button-styles';
import type { PreviewState } from './support/state-matrix';
import { expectRealFocus, expectRealHover, InState, StateMatrix } from './support/state-matrix';
import { fixtureKey, fixtureText } from './support/fixture-text';

const meta = {
  title: 'Components/Button',
  component: Button,
  args: { children: fixtureKey('shell.deposit'), onClick: fn() },
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
export const Secondary: Story = { args: { variant: 'secondary', children: fixtureKey('shell.withdraw') } };
export const Success: Story = { args: { variant: 'success', children: fixtureKey('trading.direction.up') } };
export const Warning: Story = { args: { variant: 'warning', children: fixtureText({
  ru: 'Проверить',
  en: 'Check',
  'pt-BR': 'Verificar',
  es: 'Comprobar',
  tr: 'Kontrol et',
  id: 'Periksa',
  vi: 'Kiểm tra',
  hi: 'जाँचें',
  ar: 'تحقق',
  'zh-CN': '检查',
}) } };
export const Danger: Story = { args: { variant: 'danger', children: fixtureKey('trading.direction.down') } };
export const Gold: Story = { args: { variant: 'gold', children: fixtureKey('money.tournament.title') } };
export const Outline: Story = { args: { variant: 'outline', children: fixtureKey('common.cancel') } };
export const Ghost: Story = { args: { variant: 'ghost', children: fixtureText({
  ru: 'Ещё',
  en: 'More',
  'pt-BR': 'Mais',
  es: 'Más',
  tr: 'Daha fazla',
  id: 'Lainnya',
  vi: 'Thêm',
  hi: 'और',
  ar: 'المزيد',
  'zh-CN': '更多',
}) } };
export const Small: Story = { args: { size: 'sm' } };
export const Large: Story = { args: { size: 'lg' } };

export const Busy: Story = {
  args: { busy: true, children: fixtureText({
    ru: 'Сохранение',
    en: 'Saving',
    'pt-BR': 'Salvando',
    es: 'Guardando',
    tr: 'Kaydediliyor',
    id: 'Menyimpan',
    vi: 'Đang lưu',
    hi: 'सहेजा जा रहा है',
    ar: 'جارٍ الحفظ',
    'zh-CN': '正在保存',
  }) },
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
