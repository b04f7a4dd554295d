import type { ActorRegistry } from '../routes/shell/actor-registry';
import type { MountedPanel } from './panel/mount';
import { ActorTracker } from './actor-tracker';
import { Recorder } from './recorder';

/** Alt+Shift+X toggles the panel: no browser binds it. */
export const isPanelShortcut = (event: KeyboardEvent) =>
  event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyX';

/**
 * Development only (src/main.tsx imports this behind import.meta.env.DEV): `?inspect` sends every
 * actor of the registry to Stately's online inspector; the offline recorder always runs, and
 * `?inspect=local` or Alt+Shift+X opens its panel (README "Inspect the statecharts").
 */
export async function installInspectors(registry: ActorRegistry, window: Window): Promise<Recorder> {
  const mode = new URLSearchParams(window.location.search).get('inspect');
  if (mode !== null && mode !== 'local') {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    const stately = createBrowserInspector();
    registry.observe((event) => stately.inspect.next?.(event));
  }
  const recorder = new Recorder();
  registry.observe(recorder.record);
  const tracker = new ActorTracker(registry);
  registry.observe(tracker.track);
  let panel: Promise<MountedPanel> | null = null;
  const withPanel = (act: (mounted: MountedPanel) => void) => {
    panel ??= import('./panel/mount').then(({ mountPanel }) => mountPanel(tracker, recorder, window.document));
    void panel.then(act);
  };
  window.addEventListener('keydown', (event) => {
    if (!isPanelShortcut(event)) return;
    event.preventDefault();
    withPanel((mounted) => mounted.toggle());
  });
  if (mode === 'local') withPanel((mounted) => mounted.open());
  return recorder;
}
