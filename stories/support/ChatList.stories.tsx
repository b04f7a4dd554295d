import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ChatList } from '../../src/ui/support/ChatList';
import { chatsOf, supportThread } from '../../tests/msw/support-fixtures';
import { onPhone } from '../support/layout-checks';
import { fixtureFrom, fixtureText, textsOf } from './fixture-text';

/** The handlers' chats, with the personal manager's chat still empty (its "no messages yet" line). */
const chats = chatsOf('ru', 1).map((chat) => (chat.kind === 'manager' ? { ...chat, last_message: null } : chat));

const meta = {
  title: 'Patterns/Support/ChatList',
  component: ChatList,
  args: { chats, selectedId: 1, onOpen: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof ChatList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SupportOpen: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('button', { name: /Служба поддержки/ })).toHaveAttribute('aria-current', 'true');
    await expect(canvas.getByLabelText('Непрочитанных: 1')).toBeVisible();
    await expect(canvas.getByText('Сообщений пока нет')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Персональный менеджер/ }));
    await expect(args.onOpen).toHaveBeenCalledWith(2);
  },
};

export const ManagerOpen: Story = {
  args: { selectedId: 2, chats: chats.map((c) => ({ ...c, unread: 0 })) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Персональный менеджер/ })).toHaveAttribute('aria-current', 'true');
    await expect(canvas.queryByLabelText(/Непрочитанных/)).toBeNull();
  },
};

export const AttachmentOnlyAndManyUnread: Story = {
  args: {
    selectedId: null,
    chats: [
      { ...chats[0]!, unread: 128, last_message: { ...supportThread[2]!, text: '' } },
      { ...chats[1]!, unread: 3 },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Непрочитанных: 128')).toHaveTextContent('128');
    await expect(canvas.getByText('Вложение')).toBeVisible();
    await expect(canvas.queryByRole('button', { current: true })).toBeNull();
  },
};

export const LongText: Story = {
  args: {
    chats: [
      {
        ...chats[0]!,
        title: fixtureText({
          ru: 'Служба поддержки трейдеров по вопросам пополнения, вывода средств и верификации аккаунта',
          en: 'Trader support for deposits, withdrawals and account verification',
          'pt-BR': 'Suporte ao trader para depósitos, saques e verificação da conta',
          es: 'Soporte al trader para depósitos, retiros y verificación de la cuenta',
          tr: 'Yatırım, para çekme ve hesap doğrulama için yatırımcı desteği',
          id: 'Dukungan trader untuk setoran, penarikan, dan verifikasi akun',
          vi: 'Hỗ trợ nhà giao dịch về nạp tiền, rút tiền và xác minh tài khoản',
          hi: 'जमा, निकासी और खाता सत्यापन के लिए ट्रेडर सहायता',
          ar: 'دعم المتداولين في الإيداع والسحب والتحقق من الحساب',
          'zh-CN': '关于充值、提现和账户验证的交易者客服',
        }),
        last_message: { ...supportThread[3]!, text: fixtureFrom(textsOf(supportThread[3]!.text), (text) => `${text} https://example-trading-platform.com/very/long/path/without/any/breaks/whatsoever/receipt-2026-11-23-deposit-bank-card-visa-4242`) },
      },
      chats[1]!,
    ],
  },
  ...onPhone,
};

