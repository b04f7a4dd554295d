import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { MessagePage, ReadMarkerResult, SentMessages, SupportMessage } from '../../../src/api/contract/support';
import { supportMachine, type LoadPageInput, type MarkReadInput, type SendInput } from '../../../src/machines/support/support.machine';
import {
  selectHasOlder,
  selectMessages,
  selectSending,
  selectThreadStatus,
  selectUnseen,
} from '../../../src/machines/support/support.selectors';

const message = (id: number, author: SupportMessage['author'] = 'user', text = `m${id}`): SupportMessage => ({
  id,
  author,
  text,
  files: [],
  created_at: new Date(Date.UTC(2026, 10, 23, 10, 0, id)).toISOString(),
});
const page = (items: SupportMessage[], extra: Partial<MessagePage> = {}): MessagePage => ({
  items,
  page: 1,
  per_page: 20,
  total: items.length,
  last_read_message: null,
  ...extra,
});
const file = (name: string, size: number, type: string) => new File([new Uint8Array(size)], name, { type });
const failure = (code: string, message: string, fields?: Record<string, string>) => Object.assign(new Error(message), { code, fields });

interface Fakes {
  loadPage?: (input: LoadPageInput) => Promise<MessagePage>;
  sendMessage?: (input: SendInput) => Promise<SentMessages>;
  markRead?: (input: MarkReadInput) => Promise<ReadMarkerResult>;
}

function start(fakes: Fakes, thread: LoadPageInput['thread'] = { kind: 'support' }) {
  const never = () => new Promise<never>(() => undefined);
  return createActor(
    supportMachine.provide({
      actors: {
        loadPage: fromPromise<MessagePage, LoadPageInput>(({ input }) => (fakes.loadPage ?? never)(input)),
        sendMessage: fromPromise<SentMessages, SendInput>(({ input }) => (fakes.sendMessage ?? never)(input)),
        markRead: fromPromise<ReadMarkerResult, MarkReadInput>(({ input }) => (fakes.markRead ?? never)(input)),
      },
    }),
    { input: { thread } },
  ).start();
}

describe('support thread', () => {
  test('loads the newest page, then older pages on demand without duplicates', async () => {
    const loadPage = vi.fn(async ({ page: n }: LoadPageInput) =>
      n === 1 ? page([message(3), message(4)], { total: 4 }) : page([message(1), message(2), message(3)], { page: 2, total: 4 }),
    );
    const actor = start({ loadPage });
    expect(selectThreadStatus(actor.getSnapshot())).toBe('loading');
    await waitFor(actor, (s) => selectThreadStatus(s) === 'ready');
    expect(selectHasOlder(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'older.load' });
    await waitFor(actor, (s) => !s.hasTag('loadingOlder') && s.context.pages === 2);
    expect(selectMessages(actor.getSnapshot()).map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(selectHasOlder(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'older.load' });
    expect(loadPage).toHaveBeenCalledTimes(2);
  });

  test('a failed load offers a retry', async () => {
    let attempts = 0;
    const actor = start({
      loadPage: async () => {
        attempts += 1;
        if (attempts === 1) throw failure('internal', '');
        return page([message(1)]);
      },
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.problem).toEqual({ code: 'internal', message: '' });
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => selectThreadStatus(s) === 'ready');
    expect(selectMessages(actor.getSnapshot())).toHaveLength(1);
  });

  test('an empty draft is refused without a call; bad files are marked before upload', async () => {
    const sendMessage = vi.fn();
    const actor = start({ loadPage: async () => page([]), sendMessage });
    await waitFor(actor, (s) => selectThreadStatus(s) === 'ready');
    actor.send({ type: 'send' });
    expect(actor.getSnapshot().context.draftError).toEqual({ key: 'support.errors.empty' });

    actor.send({
      type: 'files.add',
      files: [file('tool.exe', 10, 'application/octet-stream'), file('big.jpg', 6 * 1024 * 1024, 'image/jpeg')],
    });
    const files = actor.getSnapshot().context.files;
    expect(files.map((f) => f.error?.key ?? null)).toEqual(['support.errors.file_type', 'support.errors.file_too_large']);
    // Only bad files and no text: nothing to send.
    actor.send({ type: 'send' });
    expect(actor.getSnapshot().context.draftError).toEqual({ key: 'support.errors.fix_files' });
    expect(sendMessage).not.toHaveBeenCalled();
    // One tap drops every file that cannot be sent.
    actor.send({ type: 'files.dropInvalid' });
    expect(actor.getSnapshot().context.files).toEqual([]);

    actor.send({ type: 'files.add', files: [1, 2, 3, 4, 5].map((i) => file(`p${i}.png`, 10, 'image/png')) });
    actor.send({ type: 'files.add', files: [file('p6.png', 10, 'image/png')] });
    expect(actor.getSnapshot().context.files).toHaveLength(5);
    expect(actor.getSnapshot().context.draftError).toEqual({ key: 'support.errors.too_many_files', params: { max: 5 } });
  });

  test('a file that fails the checks does not block the message: it is left out of what is sent', async () => {
    const sendMessage = vi.fn(async (_input: SendInput): Promise<SentMessages> => ({ items: [], last_read_message: null, unread: 0 }));
    const actor = start({ loadPage: async () => page([]), sendMessage });
    await waitFor(actor, (s) => selectThreadStatus(s) === 'ready');
    actor.send({ type: 'text.change', value: 'Чек во вложении' });
    actor.send({ type: 'files.add', files: [file('a.png', 10, 'image/png'), file('tool.exe', 10, 'application/octet-stream')] });
    actor.send({ type: 'send' });
    await vi.waitFor(() => expect(sendMessage).toHaveBeenCalledTimes(1));
    expect(sendMessage.mock.calls[0]![0].files.map((f: File) => f.name)).toEqual(['a.png']);
  });

  test('sending reports progress, appends the message and the acknowledgement, and clears the draft', async () => {
    let finish: (value: SentMessages) => void = () => undefined;
    const sendMessage = vi.fn(
      (input: SendInput) =>
        new Promise<SentMessages>((resolve) => {
          input.onProgress(0.4);
          finish = resolve;
        }),
    );
    const actor = start({ loadPage: async () => page([]), sendMessage });
    await waitFor(actor, (s) => selectThreadStatus(s) === 'ready');
    const screenshot = file('shot.png', 10, 'image/png');
    actor.send({ type: 'text.change', value: 'My deposit is late' });
    actor.send({ type: 'files.add', files: [screenshot] });
    actor.send({ type: 'send' });
    await waitFor(actor, (s) => s.context.progress === 0.4);
    expect(selectSending(actor.getSnapshot())).toBe(true);
    expect(sendMessage.mock.calls[0]?.[0]).toMatchObject({ thread: { kind: 'support' }, text: 'My deposit is late', files: [screenshot] });
    // A second press while sending does nothing.
    actor.send({ type: 'send' });
    expect(sendMessage).toHaveBeenCalledTimes(1);

    finish({ items: [message(1), message(2, 'system')], last_read_message: 2, unread: 0 });
    await waitFor(actor, (s) => !selectSending(s));
    const { context } = actor.getSnapshot();
    expect(context.items.map((m) => m.id)).toEqual([1, 2]);
    expect(context).toMatchObject({ text: '', files: [], progress: null, lastRead: 2, total: 2 });
  });

  test('a failed send keeps the draft and shows the server field errors', async () => {
    const actor = start({
      loadPage: async () => page([]),
      sendMessage: async () => {
        throw failure('validation', 'Invalid', { file0: 'Only JPG, PNG or PDF files can be attached' });
      },
    });
    await waitFor(actor, (s) => selectThreadStatus(s) === 'ready');
    actor.send({ type: 'text.change', value: 'see file' });
    actor.send({ type: 'files.add', files: [file('renamed.png', 10, 'image/png')] });
    actor.send({ type: 'send' });
    await waitFor(actor, (s) => s.context.sendProblem !== null);
    expect(actor.getSnapshot().context).toMatchObject({
      text: 'see file',
      sendProblem: { code: 'validation', fields: { file0: 'Only JPG, PNG or PDF files can be attached' } },
    });
    expect(actor.getSnapshot().context.files).toHaveLength(1);
  });

  test('a rise of the unread count fetches the answer; seeing it moves the read marker', async () => {
    let newest = page([message(1), message(2, 'system')], { last_read_message: 2 });
    const markRead = vi.fn(async ({ lastRead }: MarkReadInput) => ({ last_read_message: lastRead, unread: 0 }));
    const actor = start({ loadPage: async () => newest, markRead });
    await waitFor(actor, (s) => selectThreadStatus(s) === 'ready');
    actor.send({ type: 'seen' });
    expect(markRead).not.toHaveBeenCalled();

    newest = page([message(1), message(2, 'system'), message(3, 'operator', 'Hello')], { last_read_message: 2 });
    actor.send({ type: 'unread.changed', unread: 0 });
    expect(actor.getSnapshot().matches({ ready: { live: 'idle' } })).toBe(true);
    actor.send({ type: 'unread.changed', unread: 1 });
    await waitFor(actor, (s) => s.context.items.length === 3);
    expect(selectUnseen(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'seen' });
    await waitFor(actor, (s) => s.context.lastRead === 3);
    expect(markRead).toHaveBeenCalledWith({ thread: { kind: 'support' }, lastRead: 3 });
    expect(selectUnseen(actor.getSnapshot())).toBe(false);
  });

  test('a chat thread passes its id to every call', async () => {
    const loadPage = vi.fn(async () => page([message(7, 'operator')]));
    const markRead = vi.fn(async () => ({ last_read_message: 7, unread: 0 }));
    const actor = start({ loadPage, markRead }, { kind: 'chat', id: 42 });
    await waitFor(actor, (s) => selectThreadStatus(s) === 'ready');
    actor.send({ type: 'seen' });
    await waitFor(actor, (s) => s.context.lastRead === 7);
    expect(loadPage).toHaveBeenCalledWith({ thread: { kind: 'chat', id: 42 }, page: 1 });
    expect(markRead).toHaveBeenCalledWith({ thread: { kind: 'chat', id: 42 }, lastRead: 7 });
  });
});
