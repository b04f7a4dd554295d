import type { ChatView, SupportMessageView } from '../../src/ui/support/types';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 9, minute)).toISOString();

export const tinyPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const pngFile = (name = 'screenshot.png') =>
  new File([Uint8Array.from(atob(tinyPng), (c) => c.charCodeAt(0))], name, { type: 'image/png' });
export const pdfFile = (name = 'statement.pdf') => new File(['%PDF-1.4\n%%EOF\n'], name, { type: 'application/pdf' });

export const conversation: SupportMessageView[] = [
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
    files: [{ id: 'a1', name: 'receipt.png', size: 48_211, type: 'image/png', url: '/api/support/file/a1' }],
    created_at: at(3),
  },
  {
    id: 4,
    author: 'operator',
    text: 'Спасибо! Платёж найден, деньги зачислены. Выписка во вложении.',
    files: [{ id: 'a2', name: 'statement.pdf', size: 1_420_000, type: 'application/pdf', url: '/api/support/file/a2' }],
    created_at: at(12),
  },
];

export const chats: ChatView[] = [
  { id: 1, kind: 'support', title: 'Служба поддержки', unread: 1, last_message: conversation[3] ?? null },
  { id: 2, kind: 'manager', title: 'Персональный менеджер', unread: 0, last_message: null },
];
