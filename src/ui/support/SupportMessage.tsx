import { useTranslation } from 'react-i18next';
import { styled } from '../stitches.config';
import { formatFileSize } from '../../shared/format';
import { formatMessageTime } from './format';
import type { SupportMessageView } from './types';

const Bubble = styled('article', {
  maxWidth: 'min(36rem, 85%)',
  padding: '$3 $4',
  borderRadius: '$lg',
  backgroundColor: '$surfaceRaised',
  border: '1px solid $border',
  display: 'grid',
  gap: '$2',
  variants: {
    author: {
      user: { marginInlineStart: 'auto', backgroundColor: '$secondarySoft', borderColor: '$secondary' },
      operator: {},
      system: { backgroundColor: '$surface', borderStyle: 'dashed' },
    },
  },
});
const Meta = styled('header', { display: 'flex', gap: '$2', fontSize: '$xs', color: '$textMuted' });
const Author = styled('span', { fontWeight: '$medium', color: '$text' });
const Text = styled('p', { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 });
const Files = styled('ul', { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '$1' });
const FileLink = styled('a', {
  display: 'inline-flex',
  gap: '$2',
  color: '$secondaryText',
  textDecoration: 'underline',
  overflowWrap: 'anywhere',
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '2px' },
});
const Size = styled('span', { color: '$textMuted', textDecoration: 'none' });

export interface SupportMessageProps {
  message: SupportMessageView;
}

/** One message of a conversation: who wrote it, when, its text and its files as downloads. */
export function SupportMessage({ message }: SupportMessageProps) {
  const { t, i18n } = useTranslation();
  return (
    <Bubble author={message.author} aria-label={t(`support.author.${message.author}`)}>
      <Meta>
        <Author>{t(`support.author.${message.author}`)}</Author>
        <time dateTime={message.created_at}>{formatMessageTime(message.created_at, i18n.language)}</time>
      </Meta>
      {message.text && <Text>{message.text}</Text>}
      {message.files.length > 0 && (
        <Files>
          {message.files.map((file) => (
            <li key={file.id}>
              <FileLink href={file.url} download={file.name} title={t('support.file.download', { name: file.name })}>
                <span>{file.name}</span>
                <Size>{formatFileSize(file.size, t, i18n.language)}</Size>
              </FileLink>
            </li>
          ))}
        </Files>
      )}
    </Bubble>
  );
}
