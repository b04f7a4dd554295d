import type { SnapshotFrom } from 'xstate';
import type { alertsMachine } from './alerts.machine';

type AlertsSnapshot = SnapshotFrom<typeof alertsMachine>;

export const selectAlerts = (s: AlertsSnapshot) => s.context.alerts;
export const selectAlertsLoading = (s: AlertsSnapshot) => s.matches('loading');
export const selectAlertsFailed = (s: AlertsSnapshot) => s.matches('failed');
export const selectAlertSubmitting = (s: AlertsSnapshot) => s.matches({ ready: { form: 'submitting' } });
export const selectAlertDeleting = (s: AlertsSnapshot) => (s.matches({ ready: { form: 'deleting' } }) ? s.context.deleting : null);
export const selectAlertsProblem = (s: AlertsSnapshot) => s.context.problem;
