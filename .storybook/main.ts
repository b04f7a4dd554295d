import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  // Every story lives under stories/ (components by name, routes under stories/routes).
  stories: ['../stories/**/*.stories.tsx'],
  // Pseudo-states: matrix stories show hover, focus-visible and active without a pointer.
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest', 'storybook-addon-pseudo-states'],
  // public/ holds mockServiceWorker.js, which msw registers for every story.
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
};

export default config;
