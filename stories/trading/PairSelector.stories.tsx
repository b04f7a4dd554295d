import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { PairSelector } from '../../src/ui/trading/PairSelector';
import { pairViews } from '../../tests/msw/trading-fixtures';
import { fixtureText } from '../support/fixture-text';
import { onPhone, onTablet } from '../support/layout-checks';

const meta = {
  title: 'Patterns/Trading/PairSelector',
  component: PairSelector,
  args: { pairs: pairViews, value: 'eurusd', onChange: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof PairSelector>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: /EUR\/USD\s*\+85\s%/ });
    await userEvent.click(trigger);
    const panel = within(canvas.getByRole('dialog'));
    await expect(panel.getByRole('button', { name: /EUR\/USD/ })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(panel.getByRole('button', { name: /GBP\/JPY/ }));
    await expect(args.onChange).toHaveBeenCalledWith('gbpjpy');
  },
};

export const Search: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /EUR\/USD/ }));
    await userEvent.type(canvas.getByRole('searchbox'), 'jpy');
    const panel = within(canvas.getByRole('dialog'));
    await expect(panel.getAllByRole('button')).toHaveLength(3);
    await userEvent.clear(canvas.getByRole('searchbox'));
    await userEvent.type(canvas.getByRole('searchbox'), 'zzz');
    // The panel fades in.
    await waitFor(() => expect(panel.getByText('Ничего не найдено')).toBeVisible());
  },
};

export const InactivePair: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /EUR\/USD/ }));
    await expect(within(canvas.getByRole('dialog')).getByRole('button', { name: /NZD\/USD/ })).toBeDisabled();
  },
};

export const Loading: Story = { args: { loading: true } };

export const Empty: Story = {
  args: { pairs: [], value: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button')).toBeDisabled();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button')).toBeDisabled();
  },
};

export const LongText: Story = {
  args: {
    pairs: [
      {
        ...pairViews[0]!,
        name: fixtureText({
          ru: 'Евро против доллара США, спотовый рынок, часы электронных торгов',
          en: 'Euro against the United States Dollar, spot market, electronic trading hours',
          'pt-BR': 'Euro contra o dólar americano, mercado à vista, horário de negociação eletrônica',
          es: 'Euro frente al dólar estadounidense, mercado al contado, horario de negociación electrónica',
          tr: 'ABD dolarına karşı euro, spot piyasa, elektronik işlem saatleri',
          id: 'Euro terhadap dolar Amerika Serikat, pasar spot, jam perdagangan elektronik',
          vi: 'Euro so với đô la Mỹ, thị trường giao ngay, giờ giao dịch điện tử',
          hi: 'अमेरिकी डॉलर के मुकाबले यूरो, स्पॉट बाज़ार, इलेक्ट्रॉनिक ट्रेडिंग के घंटे',
          ar: 'اليورو مقابل الدولار الأمريكي، السوق الفورية، ساعات التداول الإلكتروني',
          'zh-CN': '欧元兑美元，现货市场，电子交易时段',
        }),
      },
      ...pairViews.slice(1),
    ],
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /EUR\/USD/ }));
    await expect(canvas.getByText(/часы электронных торгов/)).toBeInTheDocument();
  },
};

export const CompactLayout: Story = { ...onPhone };


export const MediumLayout: Story = { ...onTablet };
