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

/** What the drawing tools tell the chart: args, so that a story's play can check them. */
interface DrawingCallbacks {
  onOpen: () => void;
  onClose: () => void;
  onChoose: (tool: DrawingKind, text?: string) => void;
  onSelect: (id: string) => void;
  onDelete: () => void;
  onLock: () => void;
  onHide: (hidden: boolean) => void;
  onUndo: () => void;
  onRedo: () => void;
}

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
  ...on
}: DrawingCallbacks & {
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
      <DrawingToolsButton mode={mode} panelId="drawing-tools" onOpen={on.onOpen} onClose={on.onClose} />
      {mode === 'choosing' && (
        <DrawingToolsMenu id="drawing-tools" drawings={drawings} onChoose={on.onChoose} onSelect={on.onSelect} />
      )}
      <DrawingStatus
        mode={mode}
        tool={tool}
        placed={placed}
        locked={locked}
        point={point}
        stepped={stepped && { kind: stepped, left: stepped === 'undo' ? undo : redo }}
        onDelete={on.onDelete}
        onLock={on.onLock}
      >
        <DrawingActions count={drawings.length} hidden={hidden} onHide={on.onHide} />
        <DrawingHistory undo={undo} redo={redo} onUndo={on.onUndo} onRedo={on.onRedo} />
      </DrawingStatus>
    </div>
  );
}

const meta = {
  title: 'Patterns/Trading/DrawingTools',
  component: DrawingTools,
  subcomponents: { DrawingToolsButton, DrawingToolsMenu, DrawingStatus, DrawingActions, DrawingHistory },
  args: {
    mode: 'idle',
    tool: null,
    onOpen: fn(),
    onClose: fn(),
    onChoose: fn(),
    onSelect: fn(),
    onDelete: fn(),
    onLock: fn(),
    onHide: fn(),
    onUndo: fn(),
    onRedo: fn(),
  },
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

/**
 * A note written and the text tool chosen with it; the toolbar button closes the tools, a drawing
 * of the pair is picked from the list.
 */
export const NoteWritten: Story = {
  args: { mode: 'choosing' },
  play: async ({ args, canvas, userEvent }) => {
    const textTool = canvas.getByRole('button', { name: 'Текстовая заметка' });
    await expect(textTool).toBeDisabled();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Текст заметки' }), 'Уровень поддержки');
    await userEvent.click(textTool);
    await expect(args.onChoose).toHaveBeenCalledWith('text', 'Уровень поддержки');
    await userEvent.click(canvas.getByRole('button', { name: 'Линия тренда' }));
    await expect(args.onChoose).toHaveBeenLastCalledWith('trend', undefined);
    await userEvent.click(canvas.getByRole('button', { name: 'Выбрать: Горизонтальная линия 2' }));
    await expect(args.onSelect).toHaveBeenCalledWith('d2');
    await userEvent.click(canvas.getByRole('button', { expanded: true }));
    await expect(args.onClose).toHaveBeenCalledOnce();
  },
};

/** A selected drawing locked, deleted, all hidden, a change undone and redone: each says so to the chart. */
export const SelectedWithHistory: Story = {
  args: { mode: 'selected', tool: 'trend', undo: 1, redo: 1 },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Закрепить/ }));
    await expect(args.onLock).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Удалить рисунок' }));
    await expect(args.onDelete).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Скрыть все рисунки' }));
    await expect(args.onHide).toHaveBeenCalledWith(true);
    await userEvent.click(canvas.getByRole('button', { name: 'Отменить последнее изменение рисунков' }));
    await expect(args.onUndo).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Повторить изменение рисунков' }));
    await expect(args.onRedo).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { expanded: false }));
    await expect(args.onOpen).toHaveBeenCalledOnce();
  },
};
