import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/forms/form-kit';
import { Button } from '../../ui/primitives/Button';

/** A settings section whose data did not load: why, and a way to try again. */
export function LoadFailed({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert tone="danger" role="alert">
      <p>{children}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('shell.retry')}
      </Button>
    </Alert>
  );
}
