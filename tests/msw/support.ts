import { http } from 'msw';
import { marked } from 'marked';
import { ARTICLE_NAME, articleSchema, type Article } from '../../src/api/contract/content';
import { LOCALES, type Locale } from '../../src/api/contract/envelope';
import {
  ATTACHMENT_TYPES,
  MAX_ATTACHMENT_BYTES,
  MESSAGES_PER_PAGE,
  attachmentFieldNames,
  chatSendFieldsSchema,
  messagePageSchema,
  readMarkerBodySchema,
  sentMessagesSchema,
  supportSendFieldsSchema,
  type SupportMessage,
} from '../../src/api/contract/support';
import { languageOf } from './locale-texts';
import { fail, ok } from './respond';
import { chatsOf, managerThread, managerThreadsByLocale, supportLastRead, supportThread, supportThreadsByLocale } from './support-fixtures';

/** One page of a thread, newest page first (`page=1`), items oldest first within the page. */
export function pageOf(thread: readonly SupportMessage[], page: number, lastRead: number | null) {
  const end = Math.max(0, thread.length - (page - 1) * MESSAGES_PER_PAGE);
  const start = Math.max(0, end - MESSAGES_PER_PAGE);
  return messagePageSchema.parse({
    items: thread.slice(start, end),
    page,
    per_page: MESSAGES_PER_PAGE,
    total: thread.length,
    last_read_message: lastRead,
  });
}

const pageParam = (request: Request) => Math.max(1, Number(new URL(request.url).searchParams.get('page') ?? '1') || 1);

/**
 * A message as the server checks it: the text field by the contract, at most five files, each a
 * JPG, PNG or PDF (here by its declared type; the server reads the content) of at most 5 MB, and
 * never an empty message. Answers the stored message the way POST /support does.
 */
async function receive(request: Request, textField: 'text' | 'message', nextId: number) {
  const form = await request.formData();
  const fields: Record<string, unknown> = {};
  const files: File[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] = value;
    else if (attachmentFieldNames.includes(name)) files.push(value);
    else return fail(request, 'validation', { fields: { [name]: 'support.errors.too_many_files' } });
  }
  const parsed = (textField === 'text' ? supportSendFieldsSchema : chatSendFieldsSchema).safeParse(fields);
  if (!parsed.success) return fail(request, 'validation', { fields: { [textField]: 'validation.too_long' } });
  const text = 'text' in parsed.data ? parsed.data.text : parsed.data.message;
  for (const [i, file] of files.entries()) {
    if (!(ATTACHMENT_TYPES as readonly string[]).includes(file.type)) {
      return fail(request, 'validation', { fields: { [`file${i}`]: 'support.errors.file_type' } });
    }
    if (file.size > MAX_ATTACHMENT_BYTES) return fail(request, 'validation', { fields: { [`file${i}`]: 'support.errors.file_too_large' } });
  }
  if (text === '' && files.length === 0) return fail(request, 'validation', { fields: { [textField]: 'support.errors.empty' } });
  const message: SupportMessage = {
    id: nextId,
    author: 'user',
    text,
    files: files.map((file, i) => ({
      id: `00000000-0000-4000-8000-${String(nextId * 10 + i).padStart(12, '0')}`,
      name: file.name,
      size: file.size,
      type: file.type as SupportMessage['files'][number]['type'],
      url: `/api/support/file/00000000-0000-4000-8000-${String(nextId * 10 + i).padStart(12, '0')}`,
    })),
    created_at: new Date().toISOString(),
  };
  return ok(sentMessagesSchema.parse({ items: [message], last_read_message: nextId, unread: 0 }), { support_chat: { unread_messages_count: 0 } });
}

/** The articles as the server seeds them: server/content/articles/<locale>/<name>.md. */
const articleFiles = import.meta.glob<string>('../../server/content/articles/*/*.md', { eager: true, query: '?raw', import: 'default' });

/** The article in `language`, else in the first language it is written in (as the server's articleFor). */
function articleOf(name: string, language: Locale): Article | null {
  const source = [language, ...LOCALES].map((code) => articleFiles[`../../server/content/articles/${code}/${name}.md`]).find((text) => text !== undefined);
  if (source === undefined) return null;
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  const heading = lines.findIndex((line) => line.startsWith('# '));
  const title = heading >= 0 ? (lines[heading] ?? '').slice(2).trim() : '';
  const body = lines.filter((_, i) => i !== heading).join('\n');
  return articleSchema.parse({ name, title, html: marked.parse(body, { async: false, gfm: true }) });
}

const chatIdOf = (params: Record<string, string | readonly string[] | undefined>) => Number(params.id);

export const supportHandlers = [
  http.get('*/api/support', ({ request }) =>
    ok(pageOf(supportThreadsByLocale[languageOf(request)], pageParam(request), supportLastRead), { support_chat: { unread_messages_count: 1 } }),
  ),
  http.post('*/api/support', ({ request }) => receive(request, 'text', (supportThread.at(-1)?.id ?? 0) + 1)),
  http.post('*/api/support/read', async ({ request }) => {
    const parsed = readMarkerBodySchema.safeParse(await request.json().catch(() => null));
    if (!parsed.success) return fail(request, 'validation', { fields: { last_read_message: 'validation.invalid' } });
    return ok({ last_read_message: parsed.data.last_read_message, unread: 0 }, { support_chat: { unread_messages_count: 0 } });
  }),

  http.get('*/api/chat/list', ({ request }) => ok({ items: chatsOf(languageOf(request), 1) })),
  http.get('*/api/chat/private/:id', ({ request, params }) => {
    const chat = chatsOf(languageOf(request), 1).find((c) => c.id === chatIdOf(params));
    if (!chat) return fail(request, 'not_found');
    const thread = (chat.kind === 'support' ? supportThreadsByLocale : managerThreadsByLocale)[languageOf(request)];
    return ok({ ...pageOf(thread, pageParam(request), chat.kind === 'support' ? supportLastRead : null), chat });
  }),
  http.post('*/api/chat/private/read/:id', async ({ request }) => {
    const parsed = readMarkerBodySchema.safeParse(await request.json().catch(() => null));
    if (!parsed.success) return fail(request, 'validation', { fields: { last_read_message: 'validation.invalid' } });
    return ok({ last_read_message: parsed.data.last_read_message, unread: 0 });
  }),
  http.post('*/api/chat/private/:id', ({ request, params }) =>
    chatIdOf(params) === 2 ? receive(request, 'message', (managerThread.at(-1)?.id ?? 0) + 1) : fail(request, 'not_found'),
  ),

  http.get('*/api/content/article/:name', ({ request, params }) => {
    const name = String(params.name);
    if (!ARTICLE_NAME.test(name)) return fail(request, 'validation', { fields: { name: 'validation.invalid' } });
    const article = articleOf(name, languageOf(request));
    return article ? ok(article) : fail(request, 'not_found');
  }),
];
