import { Fragment, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../primitives/Button';
import { Spinner } from '../primitives/Spinner';
import { styled } from '../stitches.config';
import { ProblemText } from './ProblemText';
import { SupportMessage } from './SupportMessage';
import type { SupportMessageView } from './types';

const Log = styled('section', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$3',
  padding: '$4',
  minHeight: '16rem',
  maxHeight: '60vh',
  overflowY: 'auto',
  backgroundColor: '$surface',
  border: '1px solid $border',
  borderRadius: '$lg',
});
const Center = styled('div', { display: 'grid', placeItems: 'center', gap: '$3', flex: 1, color: '$textMuted', textAlign: 'center' });
const Divider = styled('p', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  fontSize: '$xs',
  color: '$primaryText',
  '&::before, &::after': { content: '""', flex: 1, borderTop: '1px solid $primary' },
});
const Older = styled('div', { display: 'grid', justifyItems: 'center', gap: '$2' });
const Sentinel = styled('div', { height: 1, flexShrink: 0 });

export interface SupportThreadProps {
  status: 'loading' | 'failed' | 'ready';
  messages: readonly SupportMessageView[];
  /** The last message the trader has seen: a divider marks what came after it from the team. */
  lastRead: number | null;
  /** Already translated: why the thread could not be loaded. */
  problem?: string | null;
  onRetry?: () => void;
  hasOlder?: boolean;
  loadingOlder?: boolean;
  olderProblem?: string | null;
  onLoadOlder?: () => void;
  /** The newest message is on screen while the page is visible. */
  onSeen?: () => void;
}

/** The conversation: older pages on demand, the newest at the bottom, kept in view as they come. */
export function SupportThread({
  status,
  messages,
  lastRead,
  problem,
  onRetry,
  hasOlder = false,
  loadingOlder = false,
  olderProblem,
  onLoadOlder,
  onSeen,
}: SupportThreadProps) {
  const { t } = useTranslation();
  const log = useRef<HTMLElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?.id ?? null;
  const firstUnseen = messages.find((m) => m.author !== 'user' && m.id > (lastRead ?? 0))?.id ?? null;

  // New messages scroll into view (older pages, added on top, do not move the reader).
  useEffect(() => {
    const element = log.current;
    if (element && newest !== null) element.scrollTop = element.scrollHeight;
  }, [newest]);

  // Seen means: the end of the thread is inside the viewport while the document is visible.
  const seen = useRef(onSeen);
  useEffect(() => {
    seen.current = onSeen;
  });
  useEffect(() => {
    const sentinel = end.current;
    if (!sentinel || newest === null) return;
    let visible = typeof IntersectionObserver === 'undefined';
    const report = () => {
      if (visible && document.visibilityState === 'visible') seen.current?.();
    };
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver((entries) => {
            visible = entries.some((e) => e.isIntersecting);
            report();
          });
    observer?.observe(sentinel);
    document.addEventListener('visibilitychange', report);
    report();
    return () => {
      observer?.disconnect();
      document.removeEventListener('visibilitychange', report);
    };
  }, [newest, firstUnseen]);

  return (
    // Focusable so a keyboard can scroll a long thread that holds no links or buttons.
    <Log ref={log} tabIndex={0} aria-label={t('support.thread.label')} aria-busy={status === 'loading' || loadingOlder}>
      {status === 'loading' && (
        <Center>
          <Spinner size="lg" label={t('support.thread.loading')} />
        </Center>
      )}
      {status === 'failed' && (
        <Center>
          <ProblemText>{problem || t('support.errors.load')}</ProblemText>
          {onRetry && <Button variant="secondary" onClick={onRetry}>{t('support.thread.retry')}</Button>}
        </Center>
      )}
      {status === 'ready' && (
        <>
          {(hasOlder || olderProblem) && (
            <Older>
              {olderProblem && <ProblemText>{olderProblem}</ProblemText>}
              <Button variant="ghost" size="sm" busy={loadingOlder} onClick={onLoadOlder}>
                {t('support.thread.older')}
              </Button>
            </Older>
          )}
          {messages.length === 0 ? (
            <Center>{t('support.thread.empty')}</Center>
          ) : (
            <div role="log" aria-live="polite" aria-relevant="additions">
              {messages.map((message) => (
                <Fragment key={message.id}>
                  {message.id === firstUnseen && <Divider>{t('support.thread.new_divider')}</Divider>}
                  <SupportMessageRow>
                    <SupportMessage message={message} />
                  </SupportMessageRow>
                </Fragment>
              ))}
            </div>
          )}
          <Sentinel ref={end} aria-hidden="true" />
        </>
      )}
    </Log>
  );
}

const SupportMessageRow = styled('div', { display: 'flex', paddingBottom: '$3' });
