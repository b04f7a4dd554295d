import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../app-services';

type Health = { state: 'checking' } | { state: 'ok'; db: boolean } | { state: 'down' };

/**
 * /local/healthcheck: proves the web app boots and reaches its server. Probes read the
 * `data-health` attribute ('ok' when the server and its database answer).
 */
export default function HealthcheckRoute() {
  const api = useApi();
  const { t } = useTranslation();
  const [health, setHealth] = useState<Health>({ state: 'checking' });

  useEffect(() => {
    const controller = new AbortController();
    api.health
      .check({ signal: controller.signal })
      .then((payload) => setHealth({ state: 'ok', db: payload.db }))
      .catch(() => {
        if (!controller.signal.aborted) setHealth({ state: 'down' });
      });
    return () => controller.abort();
  }, [api]);

  const status = health.state === 'ok' ? (health.db ? 'ok' : 'degraded') : health.state;
  return (
    <main data-health={status} style={{ padding: '2rem', fontFamily: 'monospace' }}>
      <h1>{t('app.health-title')}</h1>
      <p role="status">{t(`app.health-${status}`)}</p>
    </main>
  );
}
