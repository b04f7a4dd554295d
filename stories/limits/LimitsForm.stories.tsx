import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { LimitsForm } from '../../src/ui/limits/LimitsForm';
import { limitsPayload, raisedLimits } from '../../tests/msw/limits-fixtures';
import { fixtureKey, fixtureText } from '../support/fixture-text';

const meta = {
  title: 'Patterns/Limits/LimitsForm',
  component: LimitsForm,
  args: { limits: limitsPayload(), onSave: fn() },
} satisfies Meta<typeof LimitsForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NoLimits: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Проигрыш за день'), '50');
    await userEvent.selectOptions(canvas.getByLabelText('Проверка реальности каждые'), '30');
    await userEvent.click(canvas.getByRole('button', { name: 'Сохранить лимиты' }));
    await expect(args.onSave).toHaveBeenCalledWith(expect.objectContaining({ reality: '30', limits: expect.objectContaining({ loss_day: '50', stake: '' }) }));
  },
};

/** A raise waits for its cooling-off: the field says when it applies. */
export const RaiseWaiting: Story = {
  args: { limits: raisedLimits },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Проигрыш за день')).toHaveValue('50');
    await expect(canvas.getByLabelText('Проигрыш за день')).toHaveAccessibleDescription(/^Станет 200,00\s\$ с /);
    await expect(canvas.getByLabelText('Проверка реальности каждые')).toHaveValue('30');
  },
};

export const Saving: Story = {
  args: { limits: raisedLimits, busy: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('form')).toHaveAttribute('aria-busy', 'true');
    // The busy button is under the groups of limits: the story ends where it can be seen.
    canvas.getByRole('button', { name: /Отправка/ }).scrollIntoView({ block: 'center' });
  },
};

export const Saved: Story = {
  args: { limits: raisedLimits, saved: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Лимиты сохранены.');
  },
};

export const Invalid: Story = {
  args: {
    errors: {
      stake: fixtureText({
        ru: 'Введите сумму в USD',
        en: 'Enter an amount in USD',
        'pt-BR': 'Insira um valor em USD',
        es: 'Introduce un importe en USD',
        tr: 'USD cinsinden bir tutar girin',
        id: 'Masukkan jumlah dalam USD',
        vi: 'Nhập số tiền bằng USD',
        hi: 'USD में राशि दर्ज करें',
        ar: 'أدخل مبلغًا بالدولار الأمريكي USD',
        'zh-CN': '请输入以 USD 计的金额',
      }),
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Ставка на одну сделку')).toHaveAccessibleDescription(/^Введите сумму в USD/);
  },
};

export const Refused: Story = {
  args: { formError: fixtureKey('errors.network') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Нет связи с сервером');
  },
};
