import { ActorTracker } from '../../src/inspector/actor-tracker';
import { Recorder } from '../../src/inspector/recorder';
import { ActorRegistry } from '../../src/routes/shell/actor-registry';
import { ADDON_FLAG } from './addon';

/** The manager's window when it runs the "Statecharts" addon (.storybook/manager.ts), else null. */
function addonManager(): Window | null {
  try {
    const manager = window.parent;
    return manager !== window && (manager as unknown as Record<string, unknown>)[ADDON_FLAG] === true ? manager : null;
  } catch {
    // A manager of another origin (a composed Storybook) cannot host the panel.
    return null;
  }
}

/**
 * The registry a route story's app creates its actors through (.storybook/app-decorator.tsx).
 * Under the Storybook manager with the "Statecharts" panel, the inspector's recorder and tracker
 * watch it from the first actor on and the panel (./story-panel.tsx, loaded then) shows them;
 * anywhere else (a story run as a Vitest test) it is a bare registry: nothing is recorded or loaded.
 */
export function storyActorRegistry(mainActor: string | undefined): ActorRegistry {
  const registry = new ActorRegistry();
  const manager = addonManager();
  if (!manager) return registry;
  const recorder = new Recorder();
  const tracker = new ActorTracker(registry);
  registry.observe(recorder.record);
  registry.observe(tracker.track);
  // Called while the story's app renders: the panel's own root renders after it.
  void import('./story-panel').then(({ showStoryActors }) => showStoryActors(manager, { registry, recorder, tracker, mainActor }));
  return registry;
}
