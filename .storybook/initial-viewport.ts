import type { Decorator } from '@storybook/react-vite';
import { useEffect, useGlobals } from 'storybook/preview-api';

/**
 * The width every story runs at in the story test run unless it names its own: the desktop
 * width designers review (addon-vitest would use 1200px). In the workbench it is not a choice of
 * the story: the toolbar keeps the designer's width.
 */
export const RUN_VIEWPORT = 'desktop';

/** The width this decorator chose for the story on screen, so it can hand the toolbar back after. */
let chosenByStory: string | undefined;

function viewportValue(global: unknown): string | undefined {
  if (typeof global === 'string') return global;
  return (global as { value?: string } | undefined)?.value;
}

/**
 * A story whose state exists only at a small width (the compact header, the bottom sheet) names
 * that width in `parameters.viewport.defaultViewport`. The story test run reads it to size the
 * browser; in the workbench this decorator opens the story at that width as the toolbar's own
 * choice, so the designer can still switch it. Story `globals` would lock the toolbar instead.
 * When the designer moves on to a story without such a width, the toolbar goes back to its
 * default, unless they picked a width themselves meanwhile.
 */
export const WithInitialViewport: Decorator = (Story, context) => {
  const [globals, updateGlobals] = useGlobals();
  const named = (context.parameters.viewport as { defaultViewport?: string } | undefined)?.defaultViewport;
  const wanted = named === RUN_VIEWPORT ? undefined : named;
  const current = viewportValue(globals.viewport);
  useEffect(() => {
    if (context.viewMode !== 'story') return;
    if (wanted && !current) {
      chosenByStory = wanted;
      updateGlobals({ viewport: { value: wanted, isRotated: false } });
    } else if (!wanted && chosenByStory && current === chosenByStory) {
      chosenByStory = undefined;
      updateGlobals({ viewport: { value: undefined, isRotated: false } });
    }
    // Once per story: a later change of width is the designer's, and must not be undone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [context.id]);
  return Story();
};
