import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Composer } from '../../src/ui/support/Composer';
import { pdfFile, pngFile } from './fixtures';
import { onPhone } from '../support/layout-checks';

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
  args: { text: 'Пополнение не пришло' },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Отправить' }));
    await expect(args.onSend).toHaveBeenCalledTimes(1);
  },
};

export const WithAttachments: Story = {
  args: {
    text: 'Чек и выписка',
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
    files: [{ key: 'f1', file: new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }), error: 'Можно приложить только JPG, PNG или PDF' }],
    error: 'Эти файлы нельзя отправить: напишите сообщение или приложите другие файлы',
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
    text: 'Прикладываю чек',
    files: [
      { key: 'f1', file: pngFile(), error: null },
      { key: 'f2', file: new File(['x'], 'a-very-long-statement-name-from-the-bank-portal-2026-11.docx'), error: 'Можно приложить только JPG, PNG или PDF' },
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
  args: { text: 'Прикладываю чек', files: [{ key: 'f1', file: pngFile(), error: null }], sending: true, progress: 0.42 },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Загрузка файлов' })).toHaveAttribute('value', '42');
    const send = canvas.getByRole('button', { name: 'Отправка… 42%' });
    await expect(send).toBeDisabled();
    await userEvent.click(send);
    await expect(args.onSend).not.toHaveBeenCalled();
  },
};

export const SendFailed: Story = {
  args: { text: 'Прикладываю чек', error: 'Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.' },
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
    text: 'Выписка за месяц',
    files: [
      { key: 'f1', file: pdfFile('bank-statement-for-the-whole-of-november-2026-with-all-card-operations.pdf'), error: null },
      { key: 'f2', file: new File(['x'], 'a-file-whose-name-is-far-too-long-to-fit-on-one-line.docx'), error: 'Можно приложить только JPG, PNG или PDF' },
    ],
  },
  ...onPhone,
};

