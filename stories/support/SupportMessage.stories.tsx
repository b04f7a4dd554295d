import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SupportMessage } from '../../src/ui/support/SupportMessage';
import { supportThread } from '../../tests/msw/support-fixtures';
import { onPhone } from '../support/layout-checks';
import { fixtureFrom } from './fixture-text';

const meta = {
  title: 'Patterns/Support/SupportMessage',
  component: SupportMessage,
  args: { message: supportThread[0]! },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof SupportMessage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FromTrader: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('article', { name: 'Вы' })).toBeVisible();
  },
};

export const AutomaticReply: Story = {
  args: { message: supportThread[1]! },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('article', { name: 'Автоответ' })).toBeVisible();
  },
};

export const FromSupportWithFile: Story = {
  args: { message: supportThread[3]! },
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: /statement\.pdf/ });
    await expect(link).toHaveAttribute('href', supportThread[3]!.files[0]!.url);
    await expect(link).toHaveAttribute('download', 'statement.pdf');
    // Russian writes the decimal comma here too (one number format per language).
    await expect(canvas.getByText('1,4 МБ')).toBeVisible();
  },
};

export const AttachmentOnly: Story = {
  args: { message: { ...supportThread[2]!, text: '' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: /receipt\.png/ })).toBeVisible();
    await expect(canvas.getByText('47 КБ')).toBeVisible();
  },
};

export const LongText: Story = {
  args: {
    message: {
      ...supportThread[3]!,
      text: fixtureFrom(
        {
          ru: 'Длинный ответ оператора с подробными инструкциями. ',
          en: 'A long answer from the operator with detailed instructions. ',
          'pt-BR': 'Uma longa resposta do operador com instruções detalhadas. ',
          es: 'Una respuesta larga del operador con instrucciones detalladas. ',
          tr: 'Operatörden ayrıntılı talimatlar içeren uzun bir yanıt. ',
          id: 'Jawaban panjang dari operator dengan petunjuk rinci. ',
          vi: 'Câu trả lời dài của nhân viên kèm hướng dẫn chi tiết. ',
          hi: 'ऑपरेटर का विस्तृत निर्देशों वाला लंबा जवाब। ',
          ar: 'رد طويل من الموظف مع تعليمات مفصلة. ',
          'zh-CN': '客服给出的附有详细说明的长回复。',
        },
        (sentence) => `${sentence.repeat(10)}https://example-trading-platform.com/very/long/path/without/any/breaks/whatsoever/receipt-2026-11-23-deposit-bank-card-visa-4242`,
      ),
      files: [{ ...supportThread[3]!.files[0]!, name: 'bank-statement-for-the-whole-of-november-2026-with-all-card-operations.pdf' }],
    },
  },
  ...onPhone,
};

