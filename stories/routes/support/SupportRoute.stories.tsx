import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { delay, http, HttpResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import type { RealtimeHub } from '../../../src/api/socket';
import type { SupportMessage } from '../../../src/api/contract/support';
import { useRealtime } from '../../../src/routes/app-services';
import { SupportRoute } from '../../../src/routes/support/support-route';
import { languageOf } from '../../../tests/msw/locale-texts';
import { ok } from '../../../tests/msw/respond';
import { pageOf } from '../../../tests/msw/support';
import { longThreadsByLocale, supportThread } from '../../../tests/msw/support-fixtures';
import { withApp } from '../../../.storybook/app-decorator';
import { pngFile } from '../../support/fixtures';
import { connectionDown, expectRetryFailsAgain } from '../../support/connection-down';

const png = () => pngFile('receipt.png');

const meta = {
  title: 'Screens/Support/Support',
  // A route runs its statecharts against msw: its stories are the page, a props table says nothing.
  tags: ['!autodocs'],
  component: SupportRoute,
  decorators: [withApp],
  parameters: { route: { path: '/support' } },
} satisfies Meta<typeof SupportRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The operator's answer is new: it is marked, and the read marker moves once it is on screen. */
export const NewAnswerIsRead: Story = {
  beforeEach({ msw }) {
    const marked: number[] = [];
    msw.use(
      http.post('*/api/support/read', async ({ request }) => {
        const body = (await request.json()) as { last_read_message: number };
        marked.push(body.last_read_message);
        document.body.dataset.supportRead = marked.join(',');
        return ok({ last_read_message: body.last_read_message, unread: 0 }, { support_chat: { unread_messages_count: 0 } });
      }),
    );
    return () => {
      delete document.body.dataset.supportRead;
    };
  },
  play: async ({ canvas }) => {
    const log = await canvas.findByRole('log');
    await expect(log).toHaveTextContent('Платёж найден, деньги зачислены');
    await expect(canvas.getByText('Новые сообщения')).toBeVisible();
    await waitFor(() => expect(document.body.dataset.supportRead).toBe('4'));
    await expect(canvas.getByRole('button', { name: /Служба поддержки/ })).toHaveAttribute('aria-current', 'true');
  },
};

export const SendWithAttachment: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('log');
    await userEvent.type(canvas.getByLabelText('Сообщение'), 'Вот ещё один чек');
    await userEvent.upload(canvas.getByLabelText('Прикрепить файлы'), png());
    await expect(canvas.getByRole('list', { name: 'Вложения' })).toHaveTextContent('receipt.png');
    await userEvent.click(canvas.getByRole('button', { name: 'Отправить' }));
    // Sent: the message closes the thread with its file, and the draft is empty again.
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(5));
    const sent = canvas.getAllByRole('article').at(-1)!;
    await expect(sent).toHaveTextContent('Вот ещё один чек');
    await expect(within(sent).getByRole('link', { name: /receipt\.png/ })).toBeVisible();
    await expect(canvas.getByLabelText('Сообщение')).toHaveValue('');
    await expect(canvas.queryByRole('list', { name: 'Вложения' })).toBeNull();
  },
};

/** The upload is under way: the progress shows and the draft cannot be sent twice. */
export const Sending: Story = {
  beforeEach({ msw }) {
    msw.use(http.post('*/api/support', () => delay('infinite')));
  },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('log');
    await userEvent.type(canvas.getByLabelText('Сообщение'), 'Сообщение с файлом');
    await userEvent.upload(canvas.getByLabelText('Прикрепить файлы'), png());
    await userEvent.click(canvas.getByRole('button', { name: 'Отправить' }));
    await expect(await canvas.findByRole('progressbar', { name: 'Загрузка файлов' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: /Отправка…/ })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Убрать receipt.png' })).toBeDisabled();
  },
};

/** The server refuses the file by its content: the reason is shown and the draft is kept. */
export const FileRefusedByTheServer: Story = {
  beforeEach({ msw }) {
    msw.use(
      http.post('*/api/support', () =>
        HttpResponse.json(
          {
            status: 'error',
            payload: { code: 'validation', message: 'Проверьте введённые данные', fields: { file0: 'Можно приложить только JPG, PNG или PDF' } },
          },
          { status: 422 },
        ),
      ),
    );
  },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('log');
    await userEvent.type(canvas.getByLabelText('Сообщение'), 'Скриншот');
    await userEvent.upload(canvas.getByLabelText('Прикрепить файлы'), png());
    await userEvent.click(canvas.getByRole('button', { name: 'Отправить' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Можно приложить только JPG, PNG или PDF');
    await expect(canvas.getByLabelText('Сообщение')).toHaveValue('Скриншот');
    await expect(canvas.getByRole('list', { name: 'Вложения' })).toHaveTextContent('receipt.png');
  },
};

export const EmptyMessage: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('log');
    await userEvent.click(canvas.getByRole('button', { name: 'Отправить' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Напишите сообщение или приложите файл');
  },
};

/** A file over 5 MB is refused in the browser, before any upload, with one tap to take such files out. */
export const FileTooLarge: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('log');
    await userEvent.upload(canvas.getByLabelText('Прикрепить файлы'), pngFile('scan.png', 6 * 1024 * 1024));
    await expect(canvas.getByRole('list', { name: 'Вложения' })).toHaveTextContent('Файл больше 5 МБ');
    await userEvent.click(canvas.getByRole('button', { name: 'Отправить' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Эти файлы нельзя отправить');
    await expect(canvas.getByRole('button', { name: 'Убрать файлы, которые нельзя отправить' })).toBeEnabled();
  },
};

export const EmptyThread: Story = {
  beforeEach({ msw }) {
    msw.use(http.get('*/api/support', () => ok(pageOf([], 1, null))));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Здесь пока пусто. Опишите вопрос, и мы поможем.')).toBeVisible();
  },
};

export const OlderPages: Story = {
  beforeEach({ msw }) {
    msw.use(
      http.get('*/api/support', ({ request }) => ok(pageOf(longThreadsByLocale[languageOf(request)], Number(new URL(request.url).searchParams.get('page') ?? '1'), 45))),
    );
  },
  play: async ({ canvas, userEvent }) => {
    const log = await canvas.findByRole('log');
    await expect(log).toHaveTextContent('Ответ на вопрос 22');
    await expect(log).not.toHaveTextContent('Вопрос номер 1 ');
    await userEvent.click(canvas.getByRole('button', { name: 'Показать более ранние' }));
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(40));
    await userEvent.click(canvas.getByRole('button', { name: 'Показать более ранние' }));
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(45));
    await expect(canvas.queryByRole('button', { name: 'Показать более ранние' })).toBeNull();
  },
};

/** The connection stays down: the page says so, and Retry asks again and says so again. */
export const ThreadFailed: Story = {
  beforeEach({ msw }) {
    msw.use(connectionDown('*/api/support'));
  },
  play: async (context) => {
    await expectRetryFailsAgain(context, '*/api/support', 'Нет связи с сервером');
    await expect(context.canvas.queryByText('Здесь пока пусто. Опишите вопрос, и мы поможем.')).toBeNull();
  },
};

export const ManagerChat: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('log');
    await userEvent.click(await canvas.findByRole('button', { name: /Персональный менеджер: Анна/ }));
    await expect(await canvas.findByText('Добрый день! Я ваш персональный менеджер Анна.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: /Персональный менеджер: Анна/ })).toHaveAttribute('aria-current', 'true');
  },
};

export const ChatsFailed: Story = {
  beforeEach({ msw }) {
    msw.use(http.get('*/api/chat/list', () => new HttpResponse(null, { status: 500 })));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Не удалось загрузить список чатов')).toBeVisible();
    await expect(await canvas.findByRole('log')).toBeVisible();
  },
};

/** The story's handle on the app's realtime hub, to play the server's side of the socket. */
const socket: { hub: RealtimeHub | null } = { hub: null };
function HoldRealtimeHub() {
  const hub = useRealtime();
  useEffect(() => {
    socket.hub = hub;
  }, [hub]);
  return null;
}
const liveThread: { items: SupportMessage[]; lastRead: number } = { items: [], lastRead: 0 };

/**
 * The page is open and everything is read; the operator answers. The server's `support` message
 * with the new unread count arrives over the socket: the answer appears without a reload and is
 * marked read, since it is on screen.
 */
export const LiveAnswer: Story = {
  render: () => (
    <>
      <HoldRealtimeHub />
      <SupportRoute />
    </>
  ),
  beforeEach({ msw }) {
    liveThread.items = [...supportThread];
    liveThread.lastRead = 4;
    msw.use(
      http.get('*/api/support', () => ok(pageOf(liveThread.items, 1, liveThread.lastRead))),
      http.post('*/api/support/read', async ({ request }) => {
        liveThread.lastRead = ((await request.json()) as { last_read_message: number }).last_read_message;
        return ok({ last_read_message: liveThread.lastRead, unread: 0 }, { support_chat: { unread_messages_count: 0 } });
      }),
    );
  },
  play: async ({ canvas }) => {
    const log = await canvas.findByRole('log');
    await expect(canvas.queryByText('Новые сообщения')).toBeNull();
    liveThread.items.push({ id: 5, author: 'operator', text: 'Проверили ещё раз: всё в порядке.', files: [], created_at: new Date().toISOString() });
    socket.hub?.publish({ type: 'support', unread: 1 });
    await waitFor(() => expect(log).toHaveTextContent('Проверили ещё раз: всё в порядке.'));
    await waitFor(() => expect(liveThread.lastRead).toBe(5));
  },
};
