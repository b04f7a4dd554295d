import { useTranslation } from 'react-i18next';
import { Button } from './primitives/Button';
import { Modal } from './primitives/Modal';

export interface LogoutModalProps {
  open: boolean;
  busy?: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** The logout confirmation (SPEC.md 2): title, text, Close and Logout. */
export function LogoutModal({ open, busy = false, onClose, onConfirm }: LogoutModalProps) {
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
    </Modal>
  );
}
