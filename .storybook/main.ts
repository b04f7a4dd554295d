import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  // Every story lives under stories/ (components by name, routes under stories/routes).
  stories: ['../stories/**/*.stories.tsx'],
  // Pseudo-states (toolbar toggles for hover, focus and active). Its rewriting of style sheets does
  // not reach Stitches' rules yet: a story's `parameters.pseudo` draws no state (see issue 23).
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest', 'storybook-addon-pseudo-states'],
  // public/ holds mockServiceWorker.js, which msw registers for every story.
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
};

export default config;
