import { expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Chat, MessagePage } from '../../../src/api/contract/support';
import { chatsMachine } from '../../../src/machines/chats/chats.machine';
import { selectChats, selectOpenChatId, selectThread } from '../../../src/machines/chats/chats.selectors';
import { supportMachine, type LoadPageInput } from '../../../src/machines/support/support.machine';

const chat = (id: number, kind: Chat['kind'], unread = 0): Chat => ({ id, kind, title: kind, unread, last_message: null });
const emptyPage: MessagePage = { items: [], page: 1, per_page: 20, total: 0, last_read_message: null };

function start(loadChats: () => Promise<Chat[]>, loadPage: (input: LoadPageInput) => Promise<MessagePage>) {
  return createActor(
    chatsMachine.provide({
      actors: {
        loadChats: fromPromise(loadChats),
        thread: supportMachine.provide({
          actors: { loadPage: fromPromise<MessagePage, LoadPageInput>(({ input }) => loadPage(input)) },
        }),
      },
    }),
  ).start();
}

test('opens the support thread first, switches to the manager chat, and follows the unread count', async () => {
  let unread = 0;
  const loadChats = vi.fn(async () => [chat(1, 'support'), chat(2, 'manager', unread)]);
  const loadPage = vi.fn(async () => emptyPage);
  const actor = start(loadChats, loadPage);
  await waitFor(actor, (s) => selectChats(s).length === 2);
  expect(selectOpenChatId(actor.getSnapshot())).toBe(1);
  expect(loadPage).toHaveBeenCalledWith({ thread: { kind: 'support' }, page: 1 });

  actor.send({ type: 'chat.open', id: 2 });
  expect(selectOpenChatId(actor.getSnapshot())).toBe(2);
  await waitFor(actor, () => loadPage.mock.calls.length === 2);
  expect(loadPage).toHaveBeenLastCalledWith({ thread: { kind: 'chat', id: 2 }, page: 1 });
  // Opening the chat already open starts nothing new.
  actor.send({ type: 'chat.open', id: 2 });
  expect(loadPage).toHaveBeenCalledTimes(2);

  unread = 1;
  actor.send({ type: 'unread.changed', unread: 1 });
  await waitFor(actor, (s) => selectChats(s)[1]?.unread === 1);
  // The open conversation fetched its newest page as well.
  await waitFor(actor, () => loadPage.mock.calls.length === 3);
  expect(selectThread(actor.getSnapshot())).toBeDefined();
});

test('a failed list can be retried', async () => {
  let calls = 0;
  const actor = start(async () => {
    calls += 1;
    if (calls === 1) throw Object.assign(new Error('down'), { code: 'internal' });
    return [chat(1, 'support')];
  }, async () => emptyPage);
  await waitFor(actor, (s) => s.matches({ list: 'failed' }));
  actor.send({ type: 'retry' });
  await waitFor(actor, (s) => selectChats(s).length === 1);
});

test('a count that changes while the list is fetched fetches it again, dropping the older answer', async () => {
  const signals: AbortSignal[] = [];
  const actor = createActor(
    chatsMachine.provide({
      actors: {
        loadChats: fromPromise(({ signal }) => {
          signals.push(signal);
          return new Promise<Chat[]>((resolve) => setTimeout(() => resolve([chat(1, 'support', signals.length === 1 ? 1 : 0)]), 20));
        }),
        thread: supportMachine.provide({ actors: { loadPage: fromPromise(async () => emptyPage) } }),
      },
    }),
  ).start();
  actor.send({ type: 'unread.changed', unread: 0 });
  await waitFor(actor, (s) => s.matches({ list: 'ready' }));
  expect(signals).toHaveLength(2);
  expect(signals[0]?.aborted).toBe(true);
  expect(selectChats(actor.getSnapshot())[0]?.unread).toBe(0);
});
