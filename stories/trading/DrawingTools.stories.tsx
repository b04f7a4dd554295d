import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import {
  DrawingActions,
  DrawingHistory,
  DrawingStatus,
  DrawingToolsButton,
  DrawingToolsMenu,
} from '../../src/ui/chart/DrawingTools';
import type { DrawingToolsMode } from '../../src/ui/chart/DrawingTools';
import type { Drawing, DrawingKind } from '../../src/shared/chart-drawings';

const drawings: Drawing[] = [
  {
    id: 'd1',
    kind: 'trend',
    points: [
      { t: 1, v: 1.08 },
      { t: 2, v: 1.09 },
    ],
  },
  { id: 'd2', kind: 'horizontal', points: [{ t: 1, v: 1.085 }] },
];

/** The drawing tools as the chart shows them: the toolbar button, the open menu, the status at the foot. */
function DrawingTools({
  mode,
  tool,
  placed = 0,
  locked = false,
  hidden = false,
  undo = 0,
  redo = 0,
  stepped = null,
  point = null,
}: {
  mode: DrawingToolsMode;
  tool: DrawingKind | null;
  placed?: number;
  locked?: boolean;
  hidden?: boolean;
  /** How many changes can be undone and redone, and the step just taken. */
  undo?: number;
  redo?: number;
  stepped?: 'undo' | 'redo' | null;
  /** The point of the selected drawing the arrow keys move. */
  point?: { n: number; of: number } | null;
}) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, alignItems: 'flex-start' }}>
      <DrawingToolsButton mode={mode} panelId="drawing-tools" onOpen={fn()} onClose={fn()} />
      {mode === 'choosing' && (
        <DrawingToolsMenu id="drawing-tools" drawings={drawings} onChoose={fn()} onSelect={fn()} />
      )}
      <DrawingStatus
        mode={mode}
        tool={tool}
        placed={placed}
        locked={locked}
        point={point}
        stepped={stepped && { kind: stepped, left: stepped === 'undo' ? undo : redo }}
        onDelete={fn()}
        onLock={fn()}
      >
        <DrawingActions count={drawings.length} hidden={hidden} onHide={fn()} />
        <DrawingHistory undo={undo} redo={redo} onUndo={fn()} onRedo={fn()} />
      </DrawingStatus>
    </div>
  );
}

const meta = {
  title: 'Patterns/Trading/DrawingTools',
  component: DrawingTools,
  subcomponents: { DrawingToolsButton, DrawingToolsMenu, DrawingStatus, DrawingActions, DrawingHistory },
  args: { mode: 'idle', tool: null },
} satisfies Meta<typeof DrawingTools>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { expanded: false })).toBeVisible();
  },
};

export const Choosing: Story = {
  args: { mode: 'choosing' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { expanded: true })).toBeVisible();
    // The text note needs its text first.
    const buttons = canvas.getAllByRole('button');
    await expect(buttons.filter((button) => (button as HTMLButtonElement).disabled)).toHaveLength(1);
  },
};

export const PlacingFirstPoint: Story = {
  args: { mode: 'placing', tool: 'trend' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).not.toBeEmptyDOMElement();
  },
};

export const PlacingSecondPoint: Story = {
  args: { mode: 'placing', tool: 'fibonacci', placed: 1 },
};

export const PlacingThirdPoint: Story = {
  args: { mode: 'placing', tool: 'channel', placed: 2 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(/Параллельный канал/);
  },
};

export const Selected: Story = {
  args: { mode: 'selected', tool: 'rectangle' },
  play: async ({ canvas }) => {
    // The toolbar's toggle, the selected drawing's Lock and Delete, and Hide all.
    await expect(canvas.getAllByRole('button')).toHaveLength(4);
    await expect(canvas.getByRole('button', { name: /Закрепить/ })).toHaveAttribute('aria-pressed', 'false');
  },
};

/** One point of a selected channel chosen with ] (or dragged by its handle): the arrows move only it. */
export const PointChosen: Story = {
  args: { mode: 'selected', tool: 'channel', point: { n: 3, of: 3 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(/точка 3 из 3/);
  },
};

export const LockedSelected: Story = {
  args: { mode: 'selected', tool: 'priceRange', locked: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Закрепить/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent(/закреплён/);
  },
};

export const AllHidden: Story = {
  args: { hidden: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Скрыть все/ })).toHaveAttribute('aria-pressed', 'true');
  },
};

export const UndoAvailable: Story = {
  args: { undo: 2 },
  play: async ({ canvas }) => {
    const undo = canvas.getByRole('button', { name: /Отменить последнее/ });
    await expect(undo).toBeEnabled();
    await expect(undo).toHaveAttribute('title', expect.stringContaining('Ctrl+Z'));
    await expect(canvas.getByRole('button', { name: /Повторить/ })).toBeDisabled();
  },
};

export const RedoAvailable: Story = {
  args: { undo: 1, redo: 1, stepped: 'undo' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Повторить/ })).toBeEnabled();
    await expect(canvas.getByRole('status')).toHaveTextContent(/отменено/);
  },
};
