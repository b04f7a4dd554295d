import { useMemo, useSyncExternalStore } from 'react';
import type { Root } from 'react-dom/client';
import { addons } from 'storybook/preview-api';
import type { ActorTracker } from '../../src/inspector/actor-tracker';
import { InspectorPanel } from '../../src/inspector/panel/InspectorPanel';
import { shadowRootIn } from '../../src/inspector/panel/mount';
import type { Recorder } from '../../src/inspector/recorder';
import type { ActorRegistry } from '../../src/routes/shell/actor-registry';
import { HOST_CHANGED, PANEL_HOST_ID } from './addon';

/** The story's actors as the panel shows them. */
interface StoryActors {
  registry: ActorRegistry;
  recorder: Recorder;
  tracker: ActorTracker;
  /** The actor the panel chooses first (the story's `parameters.statecharts.actor`). */
  mainActor: string | undefined;
}

let shown: StoryActors | null = null;
/** Each story's actors get a panel of their own (nothing chosen, no event picked). */
let shownKey = 0;
let mounted: { host: HTMLElement; root: Root } | null = null;
let listening = false;

/**
 * The inspector, rendered by the preview (where the story's actors run) into the manager panel's
 * element (same origin); unmounted when that element goes (the panel closed, another tab chosen).
 */
function renderPanel(manager: Window): void {
  const host = manager.document.getElementById(PANEL_HOST_ID);
  if (mounted && mounted.host !== host) {
    mounted.root.unmount();
    mounted = null;
  }
  if (!host || !shown) return;
  mounted ??= { host, root: shadowRootIn(host) };
  mounted.root.render(<StoryInspector key={shownKey} {...shown} />);
}

/** The panel for the story's actors, from now on (the manager says when its element appears or goes). */
export function showStoryActors(manager: Window, actors: StoryActors): void {
  shown = actors;
  shownKey += 1;
  if (!listening) {
    listening = true;
    addons.getChannel().on(HOST_CHANGED, () => renderPanel(manager));
  }
  renderPanel(manager);
}

/** Chooses the story's main actor first, else the first running actor a page started. */
function StoryInspector({ registry, recorder, tracker, mainActor }: StoryActors) {
  const version = useSyncExternalStore(tracker.subscribe, tracker.version);
  const initialActor = useMemo(() => {
    void version;
    const pageActor = tracker.list().find((entry) => entry.parent === null && registry.descriptionOf(entry.actor)?.route);
    return mainActor ?? pageActor?.name ?? 'app';
  }, [registry, tracker, version, mainActor]);
  return <InspectorPanel recorder={recorder} tracker={tracker} initialActor={initialActor} />;
}
