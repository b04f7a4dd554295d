import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { Button } from '../src/ui/primitives/Button';
import { Modal } from '../src/ui/primitives/Modal';
import { onPhone } from './support/layout-checks';
import { fixtureFrom, fixtureKey, fixtureText } from './support/fixture-text';

const meta = {
  title: 'Components/Modal',
  component: Modal,
  args: {
    open: true,
    title: fixtureKey('money.withdraw.confirm.title'),
    children: fixtureText({
      ru: 'С основного счёта будет списано 150,00 $, комиссия 1,50 $.',
      en: '$150.00 will be taken from the main account, fee $1.50.',
      'pt-BR': 'Serão debitados US$ 150,00 da conta principal, taxa de US$ 1,50.',
      es: 'Se cargarán 150,00 US$ a la cuenta principal, comisión 1,50 US$.',
      tr: 'Ana hesaptan $150,00 çekilecek, komisyon $1,50.',
      id: 'US$150,00 akan diambil dari akun utama, biaya US$1,50.',
      vi: '150,00 US$ sẽ bị trừ khỏi tài khoản chính, phí 1,50 US$.',
      hi: 'मुख्य खाते से $150.00 काटे जाएँगे, शुल्क $1.50।',
      ar: 'سيُخصم 150.00 US$ من الحساب الرئيسي، والرسوم 1.50 US$.',
      'zh-CN': '将从主账户扣除 US$150.00，手续费 US$1.50。',
    }),
    actions: (
      <>
        <Button variant="ghost">{fixtureKey('common.cancel')}</Button>
        <Button variant="primary">{fixtureKey('common.confirm')}</Button>
      </>
    ),
    onClose: fn(),
  },
} satisfies Meta<typeof Modal>;
export default meta;
type Story = StoryObj<typeof meta>;

// The modal renders into document.body (a portal), so queries go through `screen`.
export const Open: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = screen.getByRole('dialog', { name: 'Подтвердите вывод' });
    await expect(dialog).toHaveAccessibleDescription('С основного счёта будет списано 150,00 $, комиссия 1,50 $.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Отмена' })).toHaveFocus());
    await userEvent.tab();
    await userEvent.tab();
    // Tab wraps around inside the dialog.
    await expect(screen.getByRole('button', { name: 'Отмена' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

export const BackdropCloses: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = screen.getByRole('dialog');
    await userEvent.click(dialog.parentElement!);
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    // A press inside the dialog does not close it.
    await userEvent.click(dialog);
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

/** Without buttons or text the dialog itself takes the focus, so Escape still works. */
export const TitleOnly: Story = {
  args: { children: undefined, actions: undefined },
  play: async ({ args, userEvent }) => {
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalled();
  },
};

export const LongContentCompact: Story = {
  args: {
    title: fixtureText({
      ru: 'Условия вывода средств через банковский перевод в другие страны',
      en: 'Terms of withdrawing by bank transfer to other countries',
      'pt-BR': 'Condições de saque por transferência bancária para outros países',
      es: 'Condiciones de retiro por transferencia bancaria a otros países',
      tr: 'Başka ülkelere banka havalesiyle para çekme koşulları',
      id: 'Ketentuan penarikan melalui transfer bank ke negara lain',
      vi: 'Điều kiện rút tiền bằng chuyển khoản ngân hàng sang nước khác',
      hi: 'दूसरे देशों में बैंक ट्रांसफ़र से निकासी की शर्तें',
      ar: 'شروط السحب بالتحويل المصرفي إلى دول أخرى',
      'zh-CN': '通过银行转账向其他国家提现的条件',
    }),
    children: fixtureFrom(
      {
        ru: 'Перевод обрабатывается банком-получателем. ',
        en: 'The transfer is processed by the receiving bank. ',
        'pt-BR': 'A transferência é processada pelo banco destinatário. ',
        es: 'La transferencia la procesa el banco receptor. ',
        tr: 'Havale alıcı banka tarafından işlenir. ',
        id: 'Transfer diproses oleh bank penerima. ',
        vi: 'Giao dịch chuyển khoản do ngân hàng nhận xử lý. ',
        hi: 'ट्रांसफ़र प्राप्तकर्ता बैंक द्वारा संसाधित किया जाता है। ',
        ar: 'يعالج البنك المستلم التحويل. ',
        'zh-CN': '转账由收款银行处理。',
      },
      (sentence) => sentence.repeat(40),
    ),
  },
  ...onPhone,
};

export const Closed: Story = {
  args: { open: false },
  play: async () => {
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};
