import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Composer } from '../../src/ui/support/Composer';
import { pdfFile, pngFile } from './fixtures';
import { onPhone } from '../support/layout-checks';
import { fixtureKey, fixtureText } from './fixture-text';

const FILE_TYPE = fixtureKey('support.errors.file_type');
const ATTACHING = fixtureText({
  ru: 'Прикладываю чек',
  en: 'Attaching the receipt',
  'pt-BR': 'Segue o comprovante',
  es: 'Adjunto el comprobante',
  tr: 'Dekontu ekliyorum',
  id: 'Saya lampirkan buktinya',
  vi: 'Tôi gửi kèm biên lai',
  hi: 'रसीद संलग्न कर रहा हूँ',
  ar: 'أرفق الإيصال',
  'zh-CN': '附上收据',
});
const NOT_ARRIVED = fixtureText({
  ru: 'Пополнение не пришло',
  en: 'My deposit has not arrived',
  'pt-BR': 'Meu depósito não chegou',
  es: 'Mi depósito no ha llegado',
  tr: 'Yatırımım hesaba geçmedi',
  id: 'Setoran saya belum masuk',
  vi: 'Khoản nạp của tôi chưa về',
  hi: 'मेरी जमा राशि नहीं आई',
  ar: 'لم يصل إيداعي',
  'zh-CN': '我的充值还没到账',
});
const RECEIPT_AND_STATEMENT = fixtureText({
  ru: 'Чек и выписка',
  en: 'Receipt and statement',
  'pt-BR': 'Comprovante e extrato',
  es: 'Comprobante y extracto',
  tr: 'Dekont ve hesap dökümü',
  id: 'Bukti dan laporan rekening',
  vi: 'Biên lai và sao kê',
  hi: 'रसीद और विवरण',
  ar: 'الإيصال وكشف الحساب',
  'zh-CN': '收据和对账单',
});
const MONTH_STATEMENT = fixtureText({
  ru: 'Выписка за месяц',
  en: 'Statement for the month',
  'pt-BR': 'Extrato do mês',
  es: 'Extracto del mes',
  tr: 'Aylık hesap dökümü',
  id: 'Laporan rekening bulan ini',
  vi: 'Sao kê trong tháng',
  hi: 'महीने का विवरण',
  ar: 'كشف حساب الشهر',
  'zh-CN': '本月对账单',
});

const meta = {
  title: 'Patterns/Support/Composer',
  component: Composer,
  args: {
    text: '',
    files: [],
    accept: '.jpg,.jpeg,.png,.pdf',
    maxFiles: 5,
    onTextChange: fn(),
    onAddFiles: fn(),
    onRemoveFile: fn(),
    onRemoveInvalid: fn(),
    onSend: fn(),
  },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Composer>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Сообщение'), 'П');
    await expect(args.onTextChange).toHaveBeenCalledWith('П');
    await userEvent.upload(canvas.getByLabelText('Прикрепить файлы'), pngFile());
    await expect(args.onAddFiles).toHaveBeenCalledWith([expect.objectContaining({ name: 'screenshot.png' })]);
  },
};

export const Written: Story = {
  args: { text: NOT_ARRIVED },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Отправить' }));
    await expect(args.onSend).toHaveBeenCalledTimes(1);
  },
};

export const WithAttachments: Story = {
  args: {
    text: RECEIPT_AND_STATEMENT,
    files: [
      { key: 'f1', file: pngFile(), error: null },
      { key: 'f2', file: pdfFile(), error: null },
    ],
  },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('screenshot.png')).toBeVisible();
    await expect(canvas.getByText('PDF')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Убрать statement.pdf' }));
    await expect(args.onRemoveFile).toHaveBeenCalledWith('f2');
  },
};

export const FileRefused: Story = {
  args: {
    files: [{ key: 'f1', file: new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }), error: FILE_TYPE }],
    error: fixtureKey('support.errors.fix_files'),
  },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('Можно приложить только JPG, PNG или PDF')).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Эти файлы нельзя отправить');
    await expect(canvas.getByLabelText('Сообщение')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(canvas.getByRole('button', { name: 'Убрать файлы, которые нельзя отправить' }));
    await expect(args.onRemoveInvalid).toHaveBeenCalled();
  },
};

/** A good and a refused file with text: the message can go, the refused file is left out, its error in full. */
export const RefusedFileDoesNotBlock: Story = {
  args: {
    text: ATTACHING,
    files: [
      { key: 'f1', file: pngFile(), error: null },
      { key: 'f2', file: new File(['x'], 'a-very-long-statement-name-from-the-bank-portal-2026-11.docx'), error: FILE_TYPE },
    ],
  },
  parameters: { viewport: { defaultViewport: 'phone' } },
  play: async ({ args, canvas, userEvent }) => {
    const error = canvas.getByText('Можно приложить только JPG, PNG или PDF');
    // The whole error shows: nothing of it is cut by an ellipsis.
    await expect(error.scrollWidth).toBeLessThanOrEqual(error.clientWidth);
    await expect(canvas.getByText('Файлы с ошибкой не уйдут с сообщением.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Отправить' }));
    await expect(args.onSend).toHaveBeenCalled();
  },
};

export const Sending: Story = {
  args: { text: ATTACHING, files: [{ key: 'f1', file: pngFile(), error: null }], sending: true, progress: 0.42 },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Загрузка файлов' })).toHaveAttribute('value', '42');
    const send = canvas.getByRole('button', { name: 'Отправка… 42%' });
    await expect(send).toBeDisabled();
    await userEvent.click(send);
    await expect(args.onSend).not.toHaveBeenCalled();
  },
};

export const SendFailed: Story = {
  args: { text: ATTACHING, error: fixtureKey('support.errors.offline') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Нет связи с сервером');
    await expect(canvas.getByRole('button', { name: 'Отправить' })).toBeEnabled();
  },
};

export const FilesFull: Story = {
  args: { files: [1, 2, 3, 4, 5].map((i) => ({ key: `f${i}`, file: pngFile(`shot${i}.png`), error: null })) },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Прикрепить файлы')).toBeDisabled();
  },
};

export const LongFileNamesCompact: Story = {
  args: {
    text: MONTH_STATEMENT,
    files: [
      { key: 'f1', file: pdfFile('bank-statement-for-the-whole-of-november-2026-with-all-card-operations.pdf'), error: null },
      { key: 'f2', file: new File(['x'], 'a-file-whose-name-is-far-too-long-to-fit-on-one-line.docx'), error: FILE_TYPE },
    ],
  },
  ...onPhone,
};

