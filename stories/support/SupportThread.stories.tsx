import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { ProblemText } from '../../src/ui/support/ProblemText';
import { SupportThread } from '../../src/ui/support/SupportThread';
import { supportThread } from '../../tests/msw/support-fixtures';
import { onPhone } from '../support/layout-checks';
import { fixtureFrom, fixtureKey } from './fixture-text';

const meta = {
  title: 'Patterns/Support/SupportThread',
  component: SupportThread,
  subcomponents: { ProblemText },
  args: { status: 'ready', messages: supportThread, lastRead: 4, onRetry: fn(), onLoadOlder: fn(), onSeen: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof SupportThread>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { status: 'loading', messages: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Загрузка переписки');
  },
};

export const Failed: Story = {
  args: { status: 'failed', messages: [], problem: fixtureKey('support.errors.offline') },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Нет связи с сервером');
    await userEvent.click(canvas.getByRole('button', { name: 'Повторить' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Empty: Story = {
  args: { messages: [], lastRead: null },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByText('Здесь пока пусто. Опишите вопрос, и мы поможем.')).toBeVisible();
    await expect(args.onSeen).not.toHaveBeenCalled();
  },
};

export const AllRead: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('log')).toBeVisible();
    await expect(canvas.getAllByRole('article')).toHaveLength(4);
    await expect(canvas.queryByText('Новые сообщения')).toBeNull();
  },
};

export const NewAnswer: Story = {
  args: { lastRead: 3 },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByText('Новые сообщения')).toBeVisible();
    // The newest message is on screen: the container is told it was seen.
    await waitFor(() => expect(args.onSeen).toHaveBeenCalled());
  },
};

export const OlderAvailable: Story = {
  args: { hasOlder: true },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Показать более ранние' }));
    await expect(args.onLoadOlder).toHaveBeenCalledTimes(1);
  },
};

export const LoadingOlder: Story = {
  args: { hasOlder: true, loadingOlder: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Показать более ранние' })).toBeDisabled();
  },
};

export const OlderFailed: Story = {
  args: { hasOlder: true, olderProblem: fixtureKey('support.errors.older') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Не удалось загрузить более ранние сообщения');
    await expect(canvas.getByRole('button', { name: 'Показать более ранние' })).toBeEnabled();
  },
};

export const LongText: Story = {
  args: {
    messages: [
      { ...supportThread[0]!, text: fixtureFrom(
          {
            ru: 'Очень подробное описание проблемы с пополнением. ',
            en: 'A very detailed description of the deposit problem. ',
            'pt-BR': 'Uma descrição muito detalhada do problema com o depósito. ',
            es: 'Una descripción muy detallada del problema con el depósito. ',
            tr: 'Yatırım sorununun çok ayrıntılı bir açıklaması. ',
            id: 'Penjelasan yang sangat rinci tentang masalah setoran. ',
            vi: 'Mô tả rất chi tiết về sự cố nạp tiền. ',
            hi: 'जमा की समस्या का बहुत विस्तृत विवरण। ',
            ar: 'وصف مفصل جدًا لمشكلة الإيداع. ',
            'zh-CN': '关于充值问题的非常详细的描述。',
          },
          (sentence) => `${sentence.repeat(12)}https://example-trading-platform.com/very/long/path/without/any/breaks/whatsoever/receipt-2026-11-23-deposit-bank-card-visa-4242`,
        ),
      },
      ...supportThread.slice(1, 3),
      { ...supportThread[3]!, files: [{ ...supportThread[3]!.files[0]!, name: 'bank-statement-for-the-whole-of-november-2026-with-all-card-operations.pdf' }] },
    ],
  },
  ...onPhone,
};

export const CompactLayout: Story = { args: { lastRead: 3 }, ...onPhone };

