/**
 * What the manager's "Statecharts" panel (.storybook/manager.ts) and the preview's side of it
 * (./story-inspection.tsx) agree on.
 */
export const ADDON_ID = 'fx/statecharts';
export const PANEL_ID = `${ADDON_ID}/panel`;
/** The panel's element in the manager, which the preview renders the inspector into. */
export const PANEL_HOST_ID = 'statecharts-panel-host';
/** Emitted by the manager when the panel's element appears or goes. */
export const HOST_CHANGED = `${ADDON_ID}/host-changed`;
/**
 * Set on the manager's window when the addon loads: the preview records its stories' actors only
 * under that manager (a story run as a Vitest test, or opened alone, records nothing).
 */
export const ADDON_FLAG = '__statechartsPanel';
