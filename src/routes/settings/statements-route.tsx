import { useLocation } from 'wouter';
import { statementQuerySchema, statementUrl } from '../../api/contract/limits';
import { isTimeZoneName } from '../../api/contract/user';
import { zonedStamp } from '../../api/contract/time-zone';
import { SettingsTabs } from '../../ui/forms/SettingsTabs';
import { StatementForm } from '../../ui/limits/StatementForm';
import { useUser } from '../app-services';
import { deviceTimeZone } from './time-zones';

/**
 * /settings/statements: finance and bet statements of a range of days, as CSV or PDF. The days
 * are the trader's: the server takes the stored time zone, and without one the device's, sent here.
 */
export default function StatementsRoute() {
  const [location, navigate] = useLocation();
  const stored = useUser()?.time_zone ?? null;
  const device = deviceTimeZone();
  const sentZone = stored === null && isTimeZoneName(device) ? device : undefined;
  const today = zonedStamp(new Date(), stored ?? sentZone ?? 'UTC').slice(0, 10);
  return (
    <>
      <SettingsTabs current={location} onNavigate={navigate} />
      <StatementForm
        initialFrom={`${today.slice(0, 8)}01`}
        initialTo={today}
        urlOf={(query) => {
          const parsed = statementQuerySchema.safeParse({ ...query, time_zone: sentZone });
          return parsed.success ? statementUrl(parsed.data) : null;
        }}
      />
    </>
  );
}
