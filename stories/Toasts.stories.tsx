import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { Toasts } from '../src/ui/Toasts';
import { onPhone } from './support/layout-checks';
import { TRADE_BAR_HEIGHT } from '../src/ui/stitches.config';
import { fixtureKey, fixtureText } from './support/fixture-text';

const meta = {
  title: 'Patterns/Shell/Toasts',
  component: Toasts,
  args: { toasts: [{ id: 't1', msg: fixtureKey('shell.copied-toast'), variant: 'primary' }], onDismiss: fn() },
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
      { id: 'p', msg: fixtureText({ ru: 'Сохранено', en: 'Saved', 'pt-BR': 'Salvo', es: 'Guardado', tr: 'Kaydedildi', id: 'Tersimpan', vi: 'Đã lưu', hi: 'सहेजा गया', ar: 'تم الحفظ', 'zh-CN': '已保存' }), variant: 'primary' },
      { id: 's', msg: fixtureText({ ru: 'Черновик', en: 'Draft', 'pt-BR': 'Rascunho', es: 'Borrador', tr: 'Taslak', id: 'Draf', vi: 'Bản nháp', hi: 'ड्राफ़्ट', ar: 'مسودة', 'zh-CN': '草稿' }), variant: 'secondary' },
      { id: 'ok', msg: fixtureText({ ru: 'Готово', en: 'Done', 'pt-BR': 'Pronto', es: 'Hecho', tr: 'Tamam', id: 'Selesai', vi: 'Xong', hi: 'हो गया', ar: 'تم', 'zh-CN': '完成' }), variant: 'success' },
      { id: 'w', msg: fixtureText({ ru: 'Проверьте данные', en: 'Check the details', 'pt-BR': 'Verifique os dados', es: 'Revisa los datos', tr: 'Bilgileri kontrol edin', id: 'Periksa datanya', vi: 'Kiểm tra thông tin', hi: 'जानकारी जाँचें', ar: 'تحقق من البيانات', 'zh-CN': '请检查信息' }), variant: 'warning' },
      { id: 'd', msg: fixtureText({ ru: 'Не удалось', en: 'Failed', 'pt-BR': 'Falhou', es: 'Falló', tr: 'Başarısız', id: 'Gagal', vi: 'Thất bại', hi: 'विफल', ar: 'فشل', 'zh-CN': '失败' }), variant: 'danger' },
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
        msg: fixtureText({
          ru: 'Заявка на вывод средств принята и будет обработана платёжной системой в течение трёх рабочих дней; статус виден в разделе финансов',
          en: 'Your withdrawal request has been accepted and the payment system will process it within three business days; its status is in the finances section',
          'pt-BR': 'Seu pedido de saque foi aceito e será processado pelo sistema de pagamento em até três dias úteis; o status aparece na seção de finanças',
          es: 'Tu solicitud de retiro fue aceptada y el sistema de pago la procesará en un plazo de tres días hábiles; su estado aparece en la sección de finanzas',
          tr: 'Para çekme talebiniz alındı ve ödeme sistemi tarafından üç iş günü içinde işlenecek; durumu finans bölümünde görünür',
          id: 'Permintaan penarikan Anda diterima dan akan diproses sistem pembayaran dalam tiga hari kerja; statusnya terlihat di bagian keuangan',
          vi: 'Yêu cầu rút tiền của bạn đã được chấp nhận và sẽ được hệ thống thanh toán xử lý trong ba ngày làm việc; trạng thái hiển thị trong mục tài chính',
          hi: 'आपका निकासी अनुरोध स्वीकार कर लिया गया है और भुगतान प्रणाली इसे तीन कार्य दिवसों में संसाधित करेगी; स्थिति वित्त अनुभाग में दिखती है',
          ar: 'تم قبول طلب السحب وسيعالجه نظام الدفع خلال ثلاثة أيام عمل؛ وتظهر حالته في قسم المالية',
          'zh-CN': '您的提现申请已受理，支付系统将在三个工作日内处理；状态可在财务栏目中查看',
        }),
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
