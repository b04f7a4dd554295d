import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../stories/**/*.stories.tsx', '../src/**/*.stories.tsx'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  // public/ holds mockServiceWorker.js, which msw registers for every story.
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
};

export default config;
