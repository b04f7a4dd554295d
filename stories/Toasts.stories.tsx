import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { Toasts } from '../src/ui/Toasts';
import { onPhone } from './support/layout-checks';
import { TRADE_BAR_HEIGHT } from '../src/ui/stitches.config';

const meta = {
  title: 'Patterns/Shell/Toasts',
  component: Toasts,
  args: { toasts: [{ id: 't1', msg: 'Скопировано в буфер обмена', variant: 'primary' }], onDismiss: fn() },
} satisfies Meta<typeof Toasts>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Copied: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const region = canvas.getByRole('status');
    await expect(region).toHaveAttribute('aria-live', 'polite');
    await expect(within(region).getByText('Скопировано в буфер обмена')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Закрыть' }));
    await expect(args.onDismiss).toHaveBeenCalledWith('t1');
  },
};

export const Variants: Story = {
  args: {
    toasts: [
      { id: 'p', msg: 'Ставка принята', variant: 'primary' },
      { id: 's', msg: 'Котировки обновлены', variant: 'secondary' },
      { id: 'ok', msg: 'Счёт пополнен', variant: 'success' },
      { id: 'w', msg: 'Соединение нестабильно', variant: 'warning' },
      { id: 'd', msg: 'Не удалось открыть сделку', variant: 'danger' },
    ],
  },
  play: async ({ canvasElement }) => {
    const variants = [...canvasElement.querySelectorAll('[data-variant]')].map((el) => el.getAttribute('data-variant'));
    await expect(variants).toEqual(['primary', 'secondary', 'success', 'warning', 'danger']);
  },
};

export const LongText: Story = {
  args: {
    toasts: [
      {
        id: 'long',
        msg: 'Заявка на вывод средств принята и будет обработана платёжной системой в течение трёх рабочих дней; статус виден в разделе финансов',
        variant: 'success',
      },
    ],
  },
};

export const Empty: Story = {
  args: { toasts: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
  },
};

export const CompactLayout: Story = { ...onPhone };

/** In the trading room on a phone the toasts float above the docked trade bar, never on it. */
export const AboveTradeBar: Story = {
  parameters: { viewport: { defaultViewport: 'phone' } },
  decorators: [
    (Story) => (
      <>
        <Story />
        <section
          data-trade-bar=""
          aria-label="Новая ставка"
          style={{ position: 'fixed', left: 0, right: 0, bottom: 0, height: TRADE_BAR_HEIGHT }}
        />
      </>
    ),
  ],
  play: async ({ canvas, canvasElement }) => {
    const toast = canvas.getByText('Скопировано в буфер обмена');
    const bar = canvasElement.ownerDocument.querySelector('[data-trade-bar]')!;
    await expect(toast.getBoundingClientRect().bottom).toBeLessThanOrEqual(bar.getBoundingClientRect().top);
  },
};
