import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../format';
import { Badge } from '../primitives/Badge';
import { Button } from '../primitives/Button';
import { Card } from '../primitives/Card';
import { Spinner } from '../primitives/Spinner';
import { SOFT_TONES, styled } from '../stitches.config';
import { MEANING_TOKEN, STATUS_MEANING } from '../status-meaning';
import type { PaymentStatus } from './types';

/** Shared building blocks of the money widgets. */

export const Section = styled(Card, { display: 'grid', gap: '$4', width: '100%', maxWidth: '40rem' });

export const SectionTitle = styled('h2', { fontSize: '$xl', fontWeight: '$bold', lineHeight: '$tight' });

export const Lead = styled('p', { color: '$textMuted', fontSize: '$sm' });

export const Actions = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$3', alignItems: 'center' });

/** An amount of USD in the reader's language. */
export function Money({ amount }: { amount: number }) {
  const { i18n } = useTranslation();
  return <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatUsd(amount, i18n.language)}</span>;
}

const SummaryList = styled('dl', {
  display: 'grid',
  gap: '$2',
  margin: 0,
  '& > div': { display: 'flex', justifyContent: 'space-between', gap: '$4' },
  '& dt': { color: '$textMuted' },
  '& dd': { margin: 0, fontWeight: '$medium' },
  variants: { emphasisLast: { true: { '& > div:last-child dd': { fontSize: '$lg', fontWeight: '$bold', color: '$successText' } } } },
});

/** Label / amount pairs, e.g. amount, fee, receive. */
export function AmountList({ rows, emphasisLast = false }: { rows: { label: string; amount: number }[]; emphasisLast?: boolean }) {
  return (
    <SummaryList emphasisLast={emphasisLast}>
      {rows.map((row) => (
        <div key={row.label}>
          <dt>{row.label}</dt>
          <dd>
            <Money amount={row.amount} />
          </dd>
        </div>
      ))}
    </SummaryList>
  );
}

const Notice = styled('div', {
  display: 'grid',
  gap: '$3',
  padding: '$3 $4',
  borderRadius: '$md',
  border: '1px solid',
  fontSize: '$sm',
  variants: { tone: SOFT_TONES },
  defaultVariants: { tone: 'danger' },
});

/**
 * A failed call: the server's translated message (or a generic one when the server was not
 * reached) and, where it makes sense, a way to try again.
 */
export function ProblemNotice({ message, onRetry, retryLabel }: { message?: string | null | undefined; onRetry?: (() => void) | undefined; retryLabel?: string }) {
  const { t } = useTranslation();
  return (
    <Notice tone="danger" role="alert">
      <p>{message || t('money.error.generic')}</p>
      {onRetry && (
        <Actions>
          <Button size="sm" variant="outline" onClick={onRetry}>
            {retryLabel ?? t('money.action.retry')}
          </Button>
        </Actions>
      )}
    </Notice>
  );
}

/** A finished or ongoing outcome: an icon-less coloured note with a title and text. */
export function OutcomeNotice({ tone, title, children }: { tone: keyof typeof SOFT_TONES; title: string; children?: ReactNode }) {
  return (
    <Notice tone={tone} role={tone === 'danger' ? 'alert' : 'status'}>
      <strong>{title}</strong>
      {children}
    </Notice>
  );
}

const Waiting = styled('div', { display: 'flex', alignItems: 'center', gap: '$3', color: '$textMuted' });

/** A busy line announced politely to assistive technology. */
export function WaitingLine({ text }: { text: string }) {
  return (
    <Waiting role="status">
      <Spinner size="sm" />
      <span>{text}</span>
    </Waiting>
  );
}

export function StatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return <Badge tone={MEANING_TOKEN[STATUS_MEANING.payment[status]]}>{t(`money.status.${status}`)}</Badge>;
}
