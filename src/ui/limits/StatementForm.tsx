import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../forms/form-kit';
import { Card, CardTitle } from '../primitives/Card';
import { SelectField, TextField } from '../primitives/Field';
import { styled } from '../stitches.config';
import { buttonStyles } from '../primitives/button-styles';

export type StatementKindView = 'finance' | 'bets';
type StatementFormatView = 'csv' | 'pdf';

export interface StatementFormProps {
  /** The first range shown (YYYY-MM-DD): the stories and tests fix it, the route gives this month. */
  initialFrom: string;
  initialTo: string;
  /** The download's address, or null when the range is not one the server takes. */
  urlOf: (query: { kind: StatementKindView; format: StatementFormatView; from: string; to: string }) => string | null;
}

const KINDS: StatementKindView[] = ['finance', 'bets'];
const FORMATS: StatementFormatView[] = ['csv', 'pdf'];

const Panel = styled(Card, { width: 'min(40rem, 100%)', margin: '0 auto', display: 'grid', gap: '$3' });
const Row = styled('div', { display: 'grid', gap: '$3', gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))' });
const Downloads = styled('div', { display: 'flex', gap: '$3', flexWrap: 'wrap' });

/**
 * Statements of the main wallet for a range of days: finance or bets, downloaded by the browser as
 * CSV or PDF from the server (the links are plain downloads, no call of the app's own).
 */
export function StatementForm({ initialFrom, initialTo, urlOf }: StatementFormProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<StatementKindView>('finance');
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  const links = FORMATS.map((format) => ({ format, href: urlOf({ kind, format, from, to }) }));
  const ok = links.every((l) => l.href !== null);
  return (
    <Panel as="section" aria-labelledby="statement-title">
      <CardTitle id="statement-title">{t('limits.statement.page_title')}</CardTitle>
      <SelectField
        label={t('limits.statement.kind')}
        value={kind}
        options={KINDS.map((k) => ({ value: k, label: t(`limits.statement.title.${k}`) }))}
        onChange={(value) => setKind(value as StatementKindView)}
      />
      <Row>
        <TextField type="date" label={t('limits.statement.from')} value={from} onChange={setFrom} />
        <TextField type="date" label={t('limits.statement.to')} value={to} onChange={setTo} />
      </Row>
      {ok ? (
        <Downloads>
          {links.map((link) => (
            <a key={link.format} className={buttonStyles({ variant: 'outline' })} href={link.href!} download>
              {t(`limits.statement.download_${link.format}`)}
            </a>
          ))}
        </Downloads>
      ) : (
        <Alert tone="danger" role="alert">
          {t('validation.statement_range')}
        </Alert>
      )}
    </Panel>
  );
}
