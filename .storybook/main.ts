import type { StorybookConfig } from '@storybook/react-vite';
import type { PluginOption } from 'vite';

/**
 * The app build's own outputs (vite.config.ts): its version file, its route-chunk list (read from
 * the route table's chunks, which a Storybook build does not have), its service worker and its
 * compressed copies. Storybook takes the project's Vite config, so `storybook build` would make
 * them too, and fail on the route list.
 */
const APP_BUILD_PLUGINS = new Set(['write-build-version', 'route-chunks', 'service-worker', 'precompress']);

function withoutAppBuildPlugins(plugins: PluginOption[]): PluginOption[] {
  return plugins.flatMap((plugin) => {
    if (Array.isArray(plugin)) return [withoutAppBuildPlugins(plugin)];
    return plugin && typeof plugin === 'object' && 'name' in plugin && APP_BUILD_PLUGINS.has(plugin.name)
      ? []
      : [plugin];
  });
}

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  // Every story lives under stories/ (components by name, routes under stories/routes).
  stories: ['../stories/**/*.stories.tsx'],
  // addon-docs gives every component a docs page (tags: ['autodocs'] in preview.tsx): its JSDoc,
  // its props table from the TypeScript types (react-docgen) and its stories.
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  // public/ holds mockServiceWorker.js, which msw registers for every story.
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
  // Unminified: a docs page names a component by its function's name (the props table's tabs),
  // which minifying shortens to a letter in the static Storybook.
  viteFinal: (config) => ({
    ...config,
    plugins: withoutAppBuildPlugins(config.plugins ?? []),
    build: { ...config.build, minify: false },
  }),
};

export default config;
