import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ArticlePage } from '../../src/ui/content/ArticlePage';
import { onPhone } from '../support/layout-checks';
import { fixtureKey, fixtureText } from './fixture-text';

const licence = (text: string, heading: string, link: string) =>
  `<p>${text}</p><h2>${heading}</h2><ul><li><a href="/company/payment">${link}</a></li></ul>`;
const LICENCE_HTML = fixtureText({
  ru: licence('Платформа работает по лицензии регулятора.', 'Документы', 'Платежи'),
  en: licence('The platform works under the regulator’s licence.', 'Documents', 'Payments'),
  'pt-BR': licence('A plataforma opera sob a licença do regulador.', 'Documentos', 'Pagamentos'),
  es: licence('La plataforma opera con la licencia del regulador.', 'Documentos', 'Pagos'),
  tr: licence('Platform, düzenleyici kurumun lisansıyla çalışır.', 'Belgeler', 'Ödemeler'),
  id: licence('Platform beroperasi dengan lisensi regulator.', 'Dokumen', 'Pembayaran'),
  vi: licence('Nền tảng hoạt động theo giấy phép của cơ quan quản lý.', 'Tài liệu', 'Thanh toán'),
  hi: licence('प्लेटफ़ॉर्म नियामक के लाइसेंस के तहत काम करता है।', 'दस्तावेज़', 'भुगतान'),
  ar: licence('تعمل المنصة بموجب ترخيص من الجهة التنظيمية.', 'المستندات', 'المدفوعات'),
  'zh-CN': licence('本平台依据监管机构的许可证运营。', '文件', '付款'),
});

/** A long policy: a paragraph repeated, an unbreakable link and a table (method, time, fee). */
const policy = (sentence: string, [method, time, fee, card, days]: readonly [string, string, string, string, string]) =>
  `<p>${sentence.repeat(30)}</p><p><a href="/company/payment">https://example-trading-platform.com/very/long/path/without/any/breaks/whatsoever/receipt-2026-11-23-deposit-bank-card-visa-4242</a></p><table><thead><tr><th>${method}</th><th>${time}</th><th>${fee}</th></tr></thead><tbody><tr><td>${card}</td><td>${days}</td><td>0%</td></tr></tbody></table>`;
const POLICY_HTML = fixtureText({
  ru: policy('Подробные условия обработки платежей. ', ['Способ', 'Срок', 'Комиссия', 'Банковская карта', 'до 3 рабочих дней']),
  en: policy('Detailed terms of payment processing. ', ['Method', 'Time', 'Fee', 'Bank card', 'up to 3 business days']),
  'pt-BR': policy('Condições detalhadas de processamento de pagamentos. ', ['Método', 'Prazo', 'Taxa', 'Cartão bancário', 'até 3 dias úteis']),
  es: policy('Condiciones detalladas del procesamiento de pagos. ', ['Método', 'Plazo', 'Comisión', 'Tarjeta bancaria', 'hasta 3 días hábiles']),
  tr: policy('Ödeme işlemenin ayrıntılı koşulları. ', ['Yöntem', 'Süre', 'Komisyon', 'Banka kartı', '3 iş gününe kadar']),
  id: policy('Ketentuan rinci pemrosesan pembayaran. ', ['Metode', 'Waktu', 'Biaya', 'Kartu bank', 'hingga 3 hari kerja']),
  vi: policy('Điều kiện chi tiết về xử lý thanh toán. ', ['Phương thức', 'Thời hạn', 'Phí', 'Thẻ ngân hàng', 'tối đa 3 ngày làm việc']),
  hi: policy('भुगतान प्रक्रिया की विस्तृत शर्तें। ', ['तरीका', 'समय', 'शुल्क', 'बैंक कार्ड', '3 कार्य दिवसों तक']),
  ar: policy('شروط تفصيلية لمعالجة المدفوعات. ', ['الطريقة', 'المدة', 'الرسوم', 'بطاقة مصرفية', 'حتى 3 أيام عمل']),
  'zh-CN': policy('付款处理的详细条款。', ['方式', '时限', '手续费', '银行卡', '最多 3 个工作日']),
});

const meta = {
  title: 'Patterns/Content/ArticlePage',
  component: ArticlePage,
  args: {
    status: 'ready',
    title: 'Лицензия',
    html: LICENCE_HTML,
    onRetry: fn(),
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ArticlePage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Лицензия' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Документы' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Платежи' })).toHaveAttribute('href', '/company/payment');
  },
};

export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('article')).toHaveAttribute('aria-busy', 'true');
  },
};

export const Failed: Story = {
  args: { status: 'failed', problem: fixtureKey('support.errors.offline') },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Нет связи с сервером');
    await userEvent.click(canvas.getByRole('button', { name: 'Повторить' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const LongText: Story = {
  args: {
    title: fixtureText({
      ru: 'Политика обработки платежей, возвратов и вывода средств для клиентов платформы',
      en: 'Policy on payments, refunds and withdrawals for the platform’s clients',
      'pt-BR': 'Política de pagamentos, reembolsos e saques para os clientes da plataforma',
      es: 'Política de pagos, reembolsos y retiros para los clientes de la plataforma',
      tr: 'Platform müşterileri için ödeme, iade ve para çekme politikası',
      id: 'Kebijakan pembayaran, pengembalian dana, dan penarikan untuk klien platform',
      vi: 'Chính sách thanh toán, hoàn tiền và rút tiền dành cho khách hàng của nền tảng',
      hi: 'प्लेटफ़ॉर्म के ग्राहकों के लिए भुगतान, रिफ़ंड और निकासी की नीति',
      ar: 'سياسة المدفوعات والمبالغ المستردة والسحب لعملاء المنصة',
      'zh-CN': '平台客户的付款、退款与提现政策',
    }),
    html: POLICY_HTML,
  },
  ...onPhone,
};

