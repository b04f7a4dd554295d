import type { Decorator } from '@storybook/react-vite';
import { panelCss } from '../../src/inspector/panel/styles';

/** The panel's widgets with the panel's own styles, as its shadow root gives them. */
export const inPanel: Decorator = (Story) => (
  <div className="inspector" style={{ height: 'auto', maxWidth: 480 }}>
    <style>{panelCss}</style>
    <Story />
  </div>
);
