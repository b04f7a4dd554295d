import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatUsd } from '../../shared/format';
import { Alert } from '../forms/form-kit';
import { Button } from '../primitives/Button';
import { Card, CardTitle } from '../primitives/Card';
import { FileButton } from '../primitives/FileButton';
import { Label } from '../primitives/Field';
import { styled } from '../stitches.config';
import type { KycKindView, KycView } from './types';

export interface VerificationPanelProps {
  kyc: KycView;
  /** The document being sent. */
  sending: KycKindView | null;
  /** Why the last file was refused, translated. */
  error?: string | undefined;
  onUpload: (kind: KycKindView, file: File) => void;
}

const Panel = styled(Card, { width: 'min(40rem, 100%)', margin: '0 auto', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '$4' });
const Row = styled('div', { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '$2', borderTop: '1px solid $border', paddingTop: '$3' });
const Status = styled('p', { fontSize: '$sm', color: '$textMuted' });
const Pick = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$2' });
// A long file name is cut, not pushing the send button off a phone's screen.
const FileName = styled('span', { flex: '1 1 8rem', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontSize: '$sm', color: '$textMuted' });
const KINDS: KycKindView[] = ['identity', 'address'];

/** Verification: each document's status (a rejection with its reason) and a file to send for it. */
export function VerificationPanel({ kyc, sending, error, onUpload }: VerificationPanelProps) {
  const { t, i18n } = useTranslation();
  const [files, setFiles] = useState<Partial<Record<KycKindView, File>>>({});
  return (
    <Panel as="section" aria-labelledby="kyc-title">
      <CardTitle id="kyc-title">{t('limits.kyc.title')}</CardTitle>
      <Alert tone={kyc.verified ? 'success' : 'danger'} role="status">
        {kyc.verified ? t('limits.kyc.verified') : t('limits.kyc.intro', { threshold: formatUsd(kyc.withdraw_threshold, i18n.language) })}
      </Alert>
      {error && (
        <Alert tone="danger" role="alert">
          {error}
        </Alert>
      )}
      {KINDS.map((kind) => {
        const document = kyc[kind];
        const id = `kyc-${kind}`;
        return (
          <Row key={kind}>
            <Label htmlFor={id}>{t(`limits.kyc.kind_${kind}`)}</Label>
            <Status>
              {document
                ? t(`limits.kyc.status_${document.status}`, { at: formatDateTime(document.uploaded_at, i18n.language), reason: document.reason ?? '' })
                : t('limits.kyc.status_none')}
            </Status>
            {document?.status !== 'approved' && (
              <Pick>
                <FileButton
                  id={id}
                  accept="image/jpeg,image/png,application/pdf"
                  aria-describedby={`${id}-file`}
                  onChange={(e) => setFiles((f) => ({ ...f, [kind]: e.target.files?.[0] }))}
                >
                  {t('limits.kyc.choose')}
                </FileButton>
                <FileName id={`${id}-file`}>{files[kind]?.name ?? t('limits.kyc.no_file')}</FileName>
                <Button variant="outline" size="sm" disabled={!files[kind] || sending !== null} busy={sending === kind} onClick={() => files[kind] && onUpload(kind, files[kind])}>
                  {t('limits.kyc.send')}
                </Button>
              </Pick>
            )}
          </Row>
        );
      })}
      <Status>{t('limits.kyc.rules')}</Status>
    </Panel>
  );
}
