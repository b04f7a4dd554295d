import { useLocation } from 'wouter';
import { statementQuerySchema, statementUrl } from '../../api/contract/limits';
import { SettingsTabs } from '../../ui/forms/SettingsTabs';
import { StatementForm } from '../../ui/limits/StatementForm';

/** /settings/statements: finance and bet statements of a range of days, as CSV or PDF. */
export default function StatementsRoute() {
  const [location, navigate] = useLocation();
  const today = new Date().toISOString().slice(0, 10);
  return (
    <>
      <SettingsTabs current={location} onNavigate={navigate} />
      <StatementForm
        initialFrom={`${today.slice(0, 8)}01`}
        initialTo={today}
        urlOf={(query) => {
          const parsed = statementQuerySchema.safeParse(query);
          return parsed.success ? statementUrl(parsed.data) : null;
        }}
      />
    </>
  );
}
