import { useTranslation } from 'react-i18next';
import { Badge } from '../primitives/Badge';
import { borderedControl } from '../primitives/button-styles';
import { styled } from '../stitches.config';
import type { ChatView } from './types';

const List = styled('ul', { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '$2' });
const Item = styled('button', {
  ...borderedControl,
  width: '100%',
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: '$1 $2',
  padding: '$3',
  textAlign: 'start',
  font: 'inherit',
  backgroundColor: '$surface',
  '&[aria-current="true"]': { borderColor: '$secondary', backgroundColor: '$surfaceRaised' },
});
const Title = styled('span', { fontWeight: '$medium' });
const Preview = styled('span', {
  gridColumn: '1 / -1',
  fontSize: '$sm',
  color: '$textMuted',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export interface ChatListProps {
  chats: readonly ChatView[];
  selectedId: number | null;
  onOpen: (id: number) => void;
}

/** The trader's conversations with their last message and unread count. */
export function ChatList({ chats, selectedId, onOpen }: ChatListProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('support.chat.list')}>
      <List>
        {chats.map((chat) => {
          const last = chat.last_message;
          const preview = last ? last.text || t('support.chat.attachment_only') : t('support.chat.no_messages');
          return (
            <li key={chat.id}>
              <Item type="button" aria-current={chat.id === selectedId ? 'true' : undefined} onClick={() => onOpen(chat.id)}>
                <Title>{chat.title}</Title>
                {chat.unread > 0 ? (
                  <Badge tone="primary" aria-label={t('support.chat.unread', { count: chat.unread })}>
                    {chat.unread}
                  </Badge>
                ) : (
                  <span />
                )}
                <Preview>{preview}</Preview>
              </Item>
            </li>
          );
        })}
      </List>
    </nav>
  );
}
