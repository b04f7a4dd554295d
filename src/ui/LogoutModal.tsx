import { useTranslation } from 'react-i18next';
import { Alert } from './forms/form-kit';
import { Button } from './primitives/Button';
import { Modal } from './primitives/Modal';

export interface LogoutModalProps {
  open: boolean;
  busy?: boolean;
  /** Why the last logout failed (translated); the trader can try again or close. */
  error?: string | undefined;
  onClose: () => void;
  onConfirm: () => void;
}

/** The logout confirmation (docs/product.md 2): title, text, Close and Logout, and why a try failed. */
export function LogoutModal({ open, busy = false, error, onClose, onConfirm }: LogoutModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('shell.logout-title')}
      onClose={busy ? () => undefined : onClose}
      actions={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {t('shell.close-btn')}
          </Button>
          <Button variant="danger" onClick={onConfirm} busy={busy}>
            {t('shell.logout-btn')}
          </Button>
        </>
      }
    >
      {t('shell.logout-text')}
      {error && (
        <Alert tone="danger" role="alert" css={{ marginTop: '$4', marginBottom: 0 }}>
          {error}
        </Alert>
      )}
    </Modal>
  );
}
