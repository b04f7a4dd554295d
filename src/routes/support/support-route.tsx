import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ATTACHMENT_ACCEPT, MAX_ATTACHMENTS } from '../../api/contract/support';
import { chatsActors } from '../../machines/chats/chats.actors';
import { chatsMachine, type ThreadActor } from '../../machines/chats/chats.machine';
import { selectChats, selectChatsFailed, selectOpenChatId, selectThread } from '../../machines/chats/chats.selectors';
import type { DraftMessage } from '../../machines/support/support-draft';
import {
  selectDraft,
  selectDraftError,
  selectHasOlder,
  selectLastRead,
  selectLoadingOlder,
  selectLoadProblem,
  selectMessages,
  selectOlderProblem,
  selectProgress,
  selectSending,
  selectSendProblem,
  selectThreadStatus,
} from '../../machines/support/support.selectors';
import { Button } from '../../ui/primitives/Button';
import { styled } from '../../ui/stitches.config';
import { ChatList } from '../../ui/support/ChatList';
import { Composer } from '../../ui/support/Composer';
import { ProblemText } from '../../ui/support/ProblemText';
import { SupportThread } from '../../ui/support/SupportThread';
import { useApi, useRealtime, useRegisteredActor } from '../app-services';
import { problemText } from './problem-text';

const Page = styled('section', { maxWidth: '72rem', margin: '0 auto', padding: '$6 $4', display: 'grid', gap: '$4' });
const Title = styled('h1', { fontSize: '$3xl', lineHeight: '$tight', fontWeight: '$bold', margin: 0 });
const Intro = styled('p', { color: '$textMuted', margin: 0 });
const Columns = styled('div', {
  display: 'grid',
  gap: '$4',
  alignItems: 'start',
  '@md': { gridTemplateColumns: '16rem minmax(0, 1fr)' },
});
const Conversation = styled('div', { display: 'grid', gap: '$4', minWidth: 0 });
const ListProblem = styled('div', { display: 'grid', gap: '$2', justifyItems: 'start' });

/** A machine's message (key + values) in the reader's language. */
const say = (t: TFunction, message: DraftMessage) => t(message.key, message.params ?? {});

/** The open conversation: its messages, older pages, the read marker and the composer. */
function OpenConversation({ thread }: { thread: ThreadActor }) {
  const { t } = useTranslation();
  const status = useSelector(thread, selectThreadStatus);
  const messages = useSelector(thread, selectMessages);
  const lastRead = useSelector(thread, selectLastRead);
  const hasOlder = useSelector(thread, selectHasOlder);
  const loadingOlder = useSelector(thread, selectLoadingOlder);
  const loadProblem = useSelector(thread, selectLoadProblem);
  const olderProblem = useSelector(thread, selectOlderProblem);
  const draft = useSelector(thread, selectDraft);
  const draftError = useSelector(thread, selectDraftError);
  const sendProblem = useSelector(thread, selectSendProblem);
  const sending = useSelector(thread, selectSending);
  const progress = useSelector(thread, selectProgress);
  const files = useMemo(
    () => draft.files.map((f) => ({ key: f.key, file: f.file, error: f.error ? say(t, f.error) : null })),
    [draft.files, t],
  );

  return (
    <Conversation>
      <SupportThread
        status={status}
        messages={messages}
        lastRead={lastRead}
        problem={problemText(t, loadProblem, 'support.errors.load')}
        onRetry={() => thread.send({ type: 'retry' })}
        hasOlder={hasOlder}
        loadingOlder={loadingOlder}
        olderProblem={problemText(t, olderProblem, 'support.errors.older')}
        onLoadOlder={() => thread.send({ type: 'older.load' })}
        onSeen={() => thread.send({ type: 'seen' })}
      />
      {status === 'ready' && (
        <Composer
          text={draft.text}
          onTextChange={(value) => thread.send({ type: 'text.change', value })}
          files={files}
          onAddFiles={(chosen) => thread.send({ type: 'files.add', files: chosen })}
          onRemoveFile={(key) => thread.send({ type: 'file.remove', key })}
          onRemoveInvalid={() => thread.send({ type: 'files.dropInvalid' })}
          onSend={() => thread.send({ type: 'send' })}
          accept={ATTACHMENT_ACCEPT}
          maxFiles={MAX_ATTACHMENTS}
          sending={sending}
          progress={progress}
          error={draftError ? say(t, draftError) : problemText(t, sendProblem, 'support.errors.send')}
        />
      )}
    </Conversation>
  );
}

/**
 * /support: the trader's chats (the support team, the personal manager) beside the open
 * conversation. The server announces every change of the unread count over the WebSocket; the
 * count reaching this page makes the open conversation fetch its new answers and the list its badges.
 */
export function SupportRoute() {
  const api = useApi();
  const realtime = useRealtime();
  const { t } = useTranslation();
  const machine = useMemo(() => chatsMachine.provide({ actors: chatsActors(api) }), [api]);
  const actor = useRegisteredActor('support', machine);
  const chats = useSelector(actor, selectChats);
  const chatsFailed = useSelector(actor, selectChatsFailed);
  const openChatId = useSelector(actor, selectOpenChatId);
  const thread = useSelector(actor, selectThread);

  useEffect(
    () =>
      realtime.onMessage((message) => {
        if (message.type === 'support') actor.send({ type: 'unread.changed', unread: message.unread });
      }),
    [realtime, actor],
  );

  return (
    <Page aria-labelledby="support-title">
      <Title id="support-title">{t('support.page.title')}</Title>
      <Intro>{t('support.page.intro')}</Intro>
      <Columns>
        <div>
          {chatsFailed ? (
            <ListProblem>
              <ProblemText>{t('support.errors.chats')}</ProblemText>
              <Button variant="secondary" size="sm" onClick={() => actor.send({ type: 'retry' })}>
                {t('support.thread.retry')}
              </Button>
            </ListProblem>
          ) : (
            <ChatList chats={chats} selectedId={openChatId} onOpen={(id) => actor.send({ type: 'chat.open', id })} />
          )}
        </div>
        {thread && <OpenConversation key={thread.id} thread={thread} />}
      </Columns>
    </Page>
  );
}
