import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { PaneDivider } from '../../src/ui/chart/PaneDivider';
import { layoutPanes } from '../../src/ui/chart/engine/panes';
import { DEFAULT_MAIN_WEIGHT } from '../../src/shared/chart-panes';

// Fits the narrowest width the stories are checked at (320px with the frame's padding).
const WIDTH = 280;
const HEIGHT = 360;
const PANE_IDS = ['rsi'];

/**
 * The divider between the price pane and one indicator pane, as the chart places it: the panes are
 * tinted boxes laid out by the chart's own layout, and the weight the divider reports is applied.
 */
function DividedPanes({ initialWeight, onChange }: { initialWeight: number; onChange: (weight: number) => void }) {
  const [weight, setWeight] = useState(initialWeight);
  const layout = layoutPanes(WIDTH, HEIGHT, PANE_IDS, weight);
  const box = (plot: (typeof layout)['main']) => ({
    position: 'absolute' as const,
    left: plot.left,
    top: plot.top,
    width: plot.right - plot.left,
    height: plot.bottom - plot.top,
  });
  return (
    <div style={{ position: 'relative', width: WIDTH, height: HEIGHT }}>
      <div style={{ ...box(layout.main), background: 'rgba(37, 99, 235, 0.12)' }} />
      {layout.panes.map((pane) => (
        <div key={pane.id} style={{ ...box(pane.plot), background: 'rgba(234, 88, 12, 0.12)' }} />
      ))}
      <PaneDivider
        top={layout.main.bottom}
        height={HEIGHT}
        panes={PANE_IDS.length}
        weight={weight}
        onChange={(next) => {
          onChange(next);
          setWeight(next);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Patterns/Trading/PaneDivider',
  component: DividedPanes,
  subcomponents: { PaneDivider },
  args: { initialWeight: DEFAULT_MAIN_WEIGHT, onChange: fn() },
} satisfies Meta<typeof DividedPanes>;
export default meta;
type Story = StoryObj<typeof meta>;

const dividerName = 'Высота ценовой панели относительно панелей индикаторов';

export const Default: Story = {
  play: async ({ canvas }) => {
    const divider = canvas.getByRole('separator', { name: dividerName });
    await expect(divider).toHaveAttribute('aria-valuenow', '3');
    await expect(divider).toHaveAttribute('aria-valuemin', '0.5');
    await expect(divider).toHaveAttribute('aria-valuemax', '12');
  },
};

/** Moved with the keyboard: the arrows by a quarter, Home and End to the bounds, a double click back to the default. */
export const MovedWithKeys: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const divider = canvas.getByRole('separator', { name: dividerName });
    await userEvent.keyboard('{Tab}');
    await expect(divider).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(args.onChange).toHaveBeenLastCalledWith(3.5);
    await userEvent.keyboard('{End}');
    await expect(divider).toHaveAttribute('aria-valuenow', '12');
    await userEvent.keyboard('{ArrowDown}');
    await expect(args.onChange).toHaveBeenLastCalledWith(12);
    await userEvent.keyboard('{Home}{ArrowUp}');
    await expect(args.onChange).toHaveBeenLastCalledWith(0.5);
    // Other keys are left to the chart.
    const calls = (args.onChange as ReturnType<typeof fn>).mock.calls.length;
    await userEvent.keyboard('{PageDown}');
    await expect(args.onChange).toHaveBeenCalledTimes(calls);
    await userEvent.dblClick(divider);
    await expect(args.onChange).toHaveBeenLastCalledWith(DEFAULT_MAIN_WEIGHT);
    await userEvent.keyboard('{ArrowUp}');
    await expect(divider).toHaveAttribute('aria-valuenow', '2.75');
  },
};
