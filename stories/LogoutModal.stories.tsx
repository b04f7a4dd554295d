import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { LogoutModal } from '../src/ui/LogoutModal';
import { focusInside } from './support/focus';
import { onPhone } from './support/layout-checks';
import { fixtureText } from './support/fixture-text';

const meta = {
  title: 'Patterns/Shell/LogoutModal',
  component: LogoutModal,
  args: { open: true, busy: false, onClose: fn(), onConfirm: fn() },
} satisfies Meta<typeof LogoutModal>;
export default meta;
type Story = StoryObj<typeof meta>;

// The modal renders into document.body (a portal), so queries go through `screen`.
export const Open: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = screen.getByRole('dialog', { name: 'Выход из аккаунта' });
    await expect(dialog).toHaveAccessibleDescription('Вы уверены, что хотите выйти?');
    const close = screen.getByRole('button', { name: 'Закрыть' });
    const logout = screen.getByRole('button', { name: 'Выйти' });
    await expect(close).toHaveFocus();
    // Tab stays inside the dialog.
    await userEvent.tab();
    await expect(logout).toHaveFocus();
    await userEvent.tab();
    await expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(logout).toHaveFocus();
    await userEvent.click(logout);
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};

export const CloseButton: Story = {
  play: async ({ args, userEvent }) => {
    await userEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const EscapeCloses: Story = {
  parameters: { sameFrameAs: { story: 'CloseButton', why: 'the interaction is the state: Escape ends where the close button does, with the modal gone' } },
  play: async ({ args, userEvent }) => {
    await focusInside(screen.getByRole('dialog'));
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

export const Busy: Story = {
  args: { busy: true },
  play: async ({ args, userEvent }) => {
    await expect(screen.getByRole('button', { name: 'Выйти' })).toBeDisabled();
    await focusInside(screen.getByRole('dialog'));
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** The last try failed: the reason shows in the dialog, and Logout stays there to try again. */
export const Failed: Story = {
  args: {
    error: fixtureText({
      ru: 'Нет связи с сервером. Проверьте подключение и попробуйте снова.',
      en: 'No connection to the server. Check your connection and try again.',
      'pt-BR': 'Sem conexão com o servidor. Verifique sua conexão e tente novamente.',
      es: 'No hay conexión con el servidor. Comprueba tu conexión e inténtalo de nuevo.',
      tr: 'Sunucuyla bağlantı yok. Bağlantınızı kontrol edip tekrar deneyin.',
      id: 'Tidak ada koneksi ke server. Periksa koneksi Anda dan coba lagi.',
      vi: 'Không có kết nối tới máy chủ. Hãy kiểm tra kết nối và thử lại.',
      hi: 'सर्वर से कनेक्शन नहीं है। अपना कनेक्शन जाँचें और फिर से कोशिश करें।',
      ar: 'لا يوجد اتصال بالخادم. تحقق من اتصالك وحاول مرة أخرى.',
      'zh-CN': '无法连接服务器。请检查网络连接后重试。',
    }),
  },
  play: async ({ args, userEvent }) => {
    const dialog = screen.getByRole('dialog', { name: 'Выход из аккаунта' });
    await expect(screen.getByRole('alert')).toHaveTextContent('Нет связи с сервером');
    await expect(dialog).toContainElement(screen.getByRole('alert'));
    await userEvent.click(screen.getByRole('button', { name: 'Выйти' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};


export const CompactLayout: Story = { ...onPhone };
