import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { theme } from '../../src/ui/stitches.config';
import { BreakpointTokens, ColourTokens, MeaningTokens, ScaleTokens } from './tokens-view';

/** The design tokens of src/ui/stitches.config.ts, drawn from the config itself. */
const meta = {
  title: 'Foundations/Tokens',
  // The token pages document themselves; a docs page would repeat them.
  tags: ['!autodocs'],
  component: ColourTokens,
} satisfies Meta<typeof ColourTokens>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Colours: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText('$primary')[0]).toBeVisible();
    await expect(canvas.queryByText(/below AA/)).toBeNull();
  },
};

export const Meanings: Story = {
  render: () => <MeaningTokens />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/payment rejected/)).toBeVisible();
  },
};

export const Spacing: Story = {
  render: () => <ScaleTokens title="Spacing" scale={theme.space} draw={(value) => <span style={{ display: 'inline-block', width: value, height: '0.75rem', background: 'currentColor' }} />} />,
};

export const Radii: Story = {
  render: () => <ScaleTokens title="Radii" scale={theme.radii} draw={(value) => <span style={{ display: 'inline-block', width: '2.5rem', height: '2.5rem', borderRadius: value, border: '2px solid currentColor' }} />} />,
};

export const TypeScale: Story = {
  render: () => <ScaleTokens title="Type scale" scale={theme.fontSizes} draw={(value) => <span style={{ fontSize: value }}>Торгуйте 1 250,50 $</span>} />,
};

export const Shadows: Story = {
  render: () => <ScaleTokens title="Shadows" scale={theme.shadows} draw={(value) => <span style={{ display: 'inline-block', width: '4rem', height: '2rem', boxShadow: value, background: '#1b2640' }} />} />,
};

export const Breakpoints: Story = { render: () => <BreakpointTokens /> };
