import { useTranslation } from 'react-i18next';
import { Notice } from './NoticeStack';
import { Button } from './primitives/Button';

/**
 * A new version of the app is out: offered, never forced (the page may hold a bet being placed).
 * It starts with the next page change, or now with the button.
 */
export function UpdateNotice({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <Notice tone="info" role="status">
      <span>{t('shell.update.available')}</span>
      <Button variant="secondary" size="sm" onClick={onReload}>
        {t('shell.update.reload')}
      </Button>
    </Notice>
  );
}
