import { z } from 'zod';
import { chatSchema, supportMessageSchema, type Chat, type SupportMessage } from '../../src/api/contract/support';

/**
 * The support thread and chats the msw handlers answer with, parsed with the contract so they
 * cannot drift from it. Stories and tests take their data from here too.
 */
const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 9, minute)).toISOString();

export const supportThread: SupportMessage[] = z.array(supportMessageSchema).parse([
  { id: 1, author: 'user', text: 'Здравствуйте! Пополнение картой не пришло на счёт.', files: [], created_at: at(1) },
  {
    id: 2,
    author: 'system',
    text: 'Здравствуйте! Мы получили ваше сообщение. Специалист поддержки ответит в ближайшее время, обычно в течение часа.',
    files: [],
    created_at: at(1),
  },
  {
    id: 3,
    author: 'user',
    text: 'Прикладываю чек.',
    files: [{ id: '3f2a9c4e-1b7d-4e8a-9c0f-2d6b8e1a5c71', name: 'receipt.png', size: 48_211, type: 'image/png', url: '/api/support/file/3f2a9c4e-1b7d-4e8a-9c0f-2d6b8e1a5c71' }],
    created_at: at(3),
  },
  {
    id: 4,
    author: 'operator',
    text: 'Спасибо! Платёж найден, деньги зачислены. Выписка во вложении.',
    files: [
      { id: '8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', name: 'statement.pdf', size: 1_420_000, type: 'application/pdf', url: '/api/support/file/8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f' },
    ],
    created_at: at(12),
  },
]);

/** The read marker of the thread above: the operator's answer (4) is not seen yet. */
export const supportLastRead = 3;

/** A long thread for paging: 45 messages, alternating trader and operator. */
export const longThread: SupportMessage[] = z.array(supportMessageSchema).parse(
  Array.from({ length: 45 }, (_, i) => ({
    id: i + 1,
    author: i % 2 === 0 ? 'user' : 'operator',
    text: i % 2 === 0 ? `Вопрос номер ${i / 2 + 1}` : `Ответ на вопрос ${(i + 1) / 2}`,
    files: [],
    created_at: new Date(Date.UTC(2026, 10, 20, 8, i)).toISOString(),
  })),
);

export const managerThread: SupportMessage[] = z.array(supportMessageSchema).parse([
  { id: 101, author: 'operator', text: 'Добрый день! Я ваш персональный менеджер Анна.', files: [], created_at: at(20) },
]);

export const chatsOf = (language: 'ru' | 'en', supportUnread: number): Chat[] =>
  z.array(chatSchema).parse([
    {
      id: 1,
      kind: 'support',
      title: language === 'en' ? 'Support' : 'Служба поддержки',
      unread: supportUnread,
      last_message: supportThread.at(-1) ?? null,
    },
    {
      id: 2,
      kind: 'manager',
      title: language === 'en' ? 'Personal manager: Anna' : 'Персональный менеджер: Анна',
      unread: 0,
      last_message: managerThread.at(-1) ?? null,
    },
  ]);
