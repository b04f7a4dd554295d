import type { ChangeEvent, FormEvent, KeyboardEvent } from 'react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../icons';
import { Button } from '../primitives/Button';
import { FileButton } from '../primitives/FileButton';
import { Label } from '../primitives/Field';
import { IconButton } from '../primitives/IconButton';
import { styled } from '../stitches.config';
import { formatFileSize } from '../../shared/format';
import { ProblemText } from './ProblemText';
import type { DraftFileView } from './types';

const Form = styled('form', { display: 'grid', gap: '$3' });
const TextArea = styled('textarea', {
  width: '100%',
  minHeight: '6rem',
  resize: 'vertical',
  padding: '$3',
  backgroundColor: '$bg',
  color: '$text',
  border: '1px solid $borderStrong',
  borderRadius: '$md',
  font: 'inherit',
  '&::placeholder': { color: '$textSubtle' },
  '&:focus': { outline: 'none', borderColor: '$focus', boxShadow: '$focus' },
  '&[aria-invalid="true"]': { borderColor: '$dangerText' },
});
const Row = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$3', alignItems: 'center', justifyContent: 'space-between' });
const Hint = styled('p', { fontSize: '$xs', color: '$textMuted', margin: 0 });
const Previews = styled('ul', { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: '$2' });
const Preview = styled('li', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  padding: '$2',
  maxWidth: '16rem',
  borderRadius: '$md',
  border: '1px solid $border',
  backgroundColor: '$surfaceRaised',
  fontSize: '$sm',
  variants: { invalid: { true: { borderColor: '$dangerText' } } },
});
const Thumb = styled('img', { width: '2.5rem', height: '2.5rem', objectFit: 'cover', borderRadius: '$sm', flexShrink: 0 });
const DocIcon = styled('span', {
  display: 'grid',
  placeItems: 'center',
  width: '2.5rem',
  height: '2.5rem',
  borderRadius: '$sm',
  backgroundColor: '$surfaceHover',
  fontSize: '$xs',
  fontWeight: '$bold',
  flexShrink: 0,
});
// The name may be cut; the error never is: it says in full why the file cannot go.
const FileText = styled('span', { display: 'grid', minWidth: 0, '& > span:first-child': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } });
const FileError = styled('span', { color: '$dangerText', fontSize: '$xs', overflowWrap: 'anywhere', whiteSpace: 'normal' });
// The drop button's label is long in Russian: it wraps on a narrow phone instead of widening the page.
const InvalidRow = styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$2',
  fontSize: '$sm',
  color: '$textMuted',
  '& > button': { whiteSpace: 'normal', textAlign: 'start' },
});
const Progress = styled('progress', { width: '100%', height: '0.5rem', accentColor: '#1d4ed8' });

const isImage = (file: File) => file.type === 'image/png' || file.type === 'image/jpeg';

/** A thumbnail for an image, read from the chosen file (a document shows its extension). */
function FileThumb({ file }: { file: File }) {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!isImage(file) || typeof FileReader === 'undefined') return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return preview?.file === file ? (
    <Thumb src={preview.url} alt="" />
  ) : (
    // The extension is the file's, in no language.
    <DocIcon aria-hidden="true" translate="no">{file.name.split('.').pop()?.toUpperCase().slice(0, 4)}</DocIcon>
  );
}

export interface ComposerProps {
  text: string;
  onTextChange: (value: string) => void;
  files: readonly DraftFileView[];
  onAddFiles: (files: File[]) => void;
  onRemoveFile: (key: string) => void;
  /** Drops every file that fails the checks, in one tap. */
  onRemoveInvalid: () => void;
  onSend: () => void;
  /** What the file picker offers. */
  accept: string;
  maxFiles: number;
  sending?: boolean;
  /** Upload progress 0..1 while sending. */
  progress?: number | null;
  /** Already translated: why the draft cannot be sent or why sending failed. */
  error?: string | null;
}

/** The message being written: text, attachments with previews and their problems, sending progress. */
export function Composer({
  text,
  onTextChange,
  files,
  onAddFiles,
  onRemoveFile,
  onRemoveInvalid,
  onSend,
  accept,
  maxFiles,
  sending = false,
  progress = null,
  error,
}: ComposerProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend();
  };
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // The same file may be chosen again after it was removed.
    event.target.value = '';
    if (chosen.length) onAddFiles(chosen);
  };
  // Ctrl+Enter (or Cmd+Enter) sends; Enter alone makes a new line.
  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSend();
    }
  };
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <Form onSubmit={submit} noValidate>
      <Label htmlFor={`${id}-text`}>{t('support.composer.label')}</Label>
      <TextArea
        id={`${id}-text`}
        value={text}
        placeholder={t('support.composer.placeholder')}
        onChange={(e) => onTextChange(e.target.value)}
        onKeyDown={keyDown}
        readOnly={sending}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {files.length > 0 && (
        <Previews aria-label={t('support.composer.attached')}>
          {files.map((draft) => (
            <Preview key={draft.key} invalid={draft.error !== null}>
              <FileThumb file={draft.file} />
              <FileText>
                <span>{draft.file.name}</span>
                {draft.error ? <FileError>{draft.error}</FileError> : <Hint as="span">{formatFileSize(draft.file.size, t, i18n.language)}</Hint>}
              </FileText>
              <IconButton
                size="sm"
                label={t('support.composer.remove', { name: draft.file.name })}
                disabled={sending}
                onClick={() => onRemoveFile(draft.key)}
              >
                <CloseIcon />
              </IconButton>
            </Preview>
          ))}
        </Previews>
      )}
      {files.some((draft) => draft.error) && (
        <InvalidRow>
          <span>{t('support.composer.invalid_left_out')}</span>
          <Button variant="ghost" size="sm" disabled={sending} onClick={onRemoveInvalid}>
            {t('support.composer.drop_invalid')}
          </Button>
        </InvalidRow>
      )}
      {sending && (
        <Progress max={100} value={percent} aria-label={t('support.composer.progress')} />
      )}
      {error && (
        <div id={`${id}-error`}>
          <ProblemText>{error}</ProblemText>
        </div>
      )}
      <Row>
        <div>
          <FileButton multiple accept={accept} disabled={sending || files.length >= maxFiles} onChange={pick}>
            {t('support.composer.attach')}
          </FileButton>
          <Hint>{t('support.composer.attach_hint')}</Hint>
        </div>
        <Button type="submit" variant="primary" busy={sending}>
          {sending ? t('support.composer.sending', { percent }) : t('support.composer.send')}
        </Button>
      </Row>
    </Form>
  );
}
