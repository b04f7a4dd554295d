import type { StorybookConfig } from '@storybook/react-vite';

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
};

export default config;
