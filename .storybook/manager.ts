import { createElement, useEffect } from 'react';
import { addons, types } from 'storybook/manager-api';
import { ADDON_FLAG, ADDON_ID, HOST_CHANGED, PANEL_HOST_ID, PANEL_ID } from './statecharts/addon';

/**
 * The "Statecharts" panel: the app's offline inspector (src/inspector) for the actors of the shown
 * story. The panel is only an element here; the preview, which runs the story's actors, renders the
 * inspector into it (same origin) when told it appeared (./statecharts/story-inspection.tsx).
 */
(window as unknown as Record<string, unknown>)[ADDON_FLAG] = true;

function PanelHost() {
  useEffect(() => {
    const channel = addons.getChannel();
    channel.emit(HOST_CHANGED);
    return () => channel.emit(HOST_CHANGED);
  }, []);
  // Keys typed in the inspector (an event's payload) are not the manager's shortcuts.
  return createElement('div', { id: PANEL_HOST_ID, style: { height: '100%' }, onKeyDown: (event: { stopPropagation(): void }) => event.stopPropagation() });
}

addons.register(ADDON_ID, () => {
  addons.add(PANEL_ID, {
    type: types.PANEL,
    title: 'Statecharts',
    render: ({ active }) => (active ? createElement(PanelHost) : null),
  });
});
