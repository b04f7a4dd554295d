import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { styled } from '../stitches.config';
import { DRAWING_KINDS, MAX_DRAWING_TEXT } from '../../shared/chart-drawings';
import type { Drawing, DrawingKind } from '../../shared/chart-drawings';
import { toolbarControl } from './ToolbarSelect';

/** Where the drawing tools are: the statechart's state as the toolbar shows it. */
export type DrawingToolsMode = 'idle' | 'choosing' | 'placing' | 'selected' | 'dragging';

const Toggle = styled('button', toolbarControl, {
  '&:hover': { backgroundColor: '$surfaceHover' },
  '&[aria-expanded="true"], &[data-active]': { borderColor: '$secondaryText' },
});
const Panel = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$2',
  padding: '$3',
  border: '1px solid $border',
  borderRadius: '$md',
  backgroundColor: '$surfaceRaised',
  maxWidth: '26rem',
});
const Heading = styled('h3', { fontSize: '$sm', fontWeight: '$bold' });
const Tools = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$1' });
const Tool = styled('button', toolbarControl, {
  '&:hover': { backgroundColor: '$surfaceHover' },
  '&[data-active]': { borderColor: '$secondaryText' },
});
const NoteField = styled('label', { display: 'flex', alignItems: 'center', gap: '$2', fontSize: '$sm' });
const NoteInput = styled('input', toolbarControl, { cursor: 'text', flex: 1, minWidth: 0 });
const List = styled('ul', { listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: '$1', padding: 0 });
// On a phone the status text takes its own line and the buttons wrap under it.
const Bar = styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$2',
  padding: '$1 $2',
  borderRadius: '$sm',
  backgroundColor: '$surfaceRaised',
  fontSize: '$sm',
  color: '$text',
  '&:has(> [role="status"]:empty):not(:has(button))': { display: 'none' },
});
const StatusText = styled('span', { flex: '1 1 12rem', minWidth: 0 });

export interface DrawingToolsButtonProps {
  mode: DrawingToolsMode;
  panelId: string;
  onOpen: () => void;
  onClose: () => void;
}

/** The toolbar's button that opens and closes the drawing tools. */
export function DrawingToolsButton({ mode, panelId, onOpen, onClose }: DrawingToolsButtonProps) {
  const { t } = useTranslation();
  const open = mode === 'choosing';
  return (
    <Toggle
      type="button"
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      data-active={mode === 'placing' || undefined}
      onClick={open ? onClose : onOpen}
    >
      ✎ {t('trading.chart.drawing.button')}
    </Toggle>
  );
}

export interface DrawingToolsMenuProps {
  id: string;
  drawings: readonly Drawing[];
  onChoose: (tool: DrawingKind, text?: string) => void;
  onSelect: (id: string) => void;
}

/** The open drawing tools: one button per tool, the note a text drawing carries, the pair's drawings. */
export function DrawingToolsMenu({ id, drawings, onChoose, onSelect }: DrawingToolsMenuProps) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const headingId = `${id}-heading`;
  return (
    <Panel id={id} role="group" aria-labelledby={headingId}>
      <Heading id={headingId}>{t('trading.chart.drawing.title')}</Heading>
      <Tools>
        {DRAWING_KINDS.map((kind) => (
          <Tool
            key={kind}
            type="button"
            disabled={kind === 'text' && note.trim() === ''}
            onClick={() => onChoose(kind, kind === 'text' ? note : undefined)}
          >
            {t(`trading.chart.drawing.kind.${kind}`)}
          </Tool>
        ))}
      </Tools>
      <NoteField>
        {t('trading.chart.drawing.note')}
        <NoteInput value={note} maxLength={MAX_DRAWING_TEXT} onChange={(event) => setNote(event.target.value)} />
      </NoteField>
      {drawings.length > 0 && (
        <>
          <Heading as="h4">{t('trading.chart.drawing.list')}</Heading>
          <List>
            {drawings.map((drawing, index) => (
              <li key={drawing.id}>
                <Tool type="button" onClick={() => onSelect(drawing.id)}>
                  {t('trading.chart.drawing.select', {
                    tool: t(`trading.chart.drawing.kind.${drawing.kind}`),
                    n: index + 1,
                  })}
                </Tool>
              </li>
            ))}
          </List>
        </>
      )}
    </Panel>
  );
}

const PLACE_KEYS = [
  'trading.chart.drawing.placeFirst',
  'trading.chart.drawing.placeSecond',
  'trading.chart.drawing.placeThird',
] as const;

export interface DrawingStatusProps {
  mode: DrawingToolsMode;
  /** The tool placing, or the kind of the drawing selected. */
  tool: DrawingKind | null;
  /** How many of the tool's points are placed. */
  placed: number;
  /** Whether the selected drawing is locked. */
  locked: boolean;
  /** The point of the selected drawing the arrow keys move (1-based, of how many); absent: all of it. */
  point?: { n: number; of: number } | null;
  /** The step just undone or redone and how many are left that way, said until the next action. */
  stepped?: { kind: 'undo' | 'redo'; left: number } | null;
  onDelete: () => void;
  onLock: () => void;
  /** The actions on all the pair's drawings (see DrawingActions), after the selected one's. */
  children?: ReactNode;
}

/**
 * What the drawing tools expect next, in a polite live region that stays mounted (its text
 * changes): place a point, the second or the third point, or what a selected drawing can do (or
 * its one point chosen for the arrow keys, or dragged by its handle), with its Lock and Delete;
 * after an undo or a redo, that it was done.
 */
export function DrawingStatus({
  mode,
  tool,
  placed,
  locked,
  point,
  stepped,
  onDelete,
  onLock,
  children,
}: DrawingStatusProps) {
  const { t } = useTranslation();
  const name = tool ? t(`trading.chart.drawing.kind.${tool}`) : '';
  const selected = mode === 'selected' || mode === 'dragging';
  let text = '';
  if (mode === 'placing') text = t(PLACE_KEYS[Math.min(placed, PLACE_KEYS.length - 1)]!, { tool: name });
  else if (selected && tool && point && !locked)
    text = t('trading.chart.drawing.pointChosen', { tool: name, n: point.n, count: point.of });
  else if (selected && tool)
    text = t(locked ? 'trading.chart.drawing.lockedSelected' : 'trading.chart.drawing.selected', { tool: name });
  else if (mode === 'idle' && stepped)
    text = t(stepped.kind === 'undo' ? 'trading.chart.drawing.undone' : 'trading.chart.drawing.redone', {
      steps: stepped.left,
    });
  return (
    <Bar>
      <StatusText role="status">{text}</StatusText>
      {selected && (
        <>
          <Tool
            type="button"
            aria-pressed={locked}
            aria-keyshortcuts="L"
            title={t('trading.chart.drawing.lockTitle')}
            data-active={locked || undefined}
            onClick={onLock}
          >
            {t('trading.chart.drawing.lock')}
          </Tool>
          <Tool type="button" onClick={onDelete}>
            {t('trading.chart.drawing.delete')}
          </Tool>
        </>
      )}
      {children}
    </Bar>
  );
}

export interface DrawingActionsProps {
  /** How many drawings the pair has. */
  count: number;
  hidden: boolean;
  onHide: (hidden: boolean) => void;
}

/** What acts on all the pair's drawings: hide them all or show them again. */
export function DrawingActions({ count, hidden, onHide }: DrawingActionsProps) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Tool type="button" aria-pressed={hidden} data-active={hidden || undefined} onClick={() => onHide(!hidden)}>
      {t('trading.chart.drawing.hideAll')}
    </Tool>
  );
}

export interface DrawingHistoryProps {
  /** How many changes can be undone and redone. */
  undo: number;
  redo: number;
  onUndo: () => void;
  onRedo: () => void;
}

/** Undo and Redo of the chart's drawing changes, shown once there is a change to take back. */
export function DrawingHistory({ undo, redo, onUndo, onRedo }: DrawingHistoryProps) {
  const { t } = useTranslation();
  if (undo === 0 && redo === 0) return null;
  return (
    <>
      <Tool
        type="button"
        disabled={undo === 0}
        aria-label={t('trading.chart.drawing.undoLabel')}
        aria-keyshortcuts="Control+Z Meta+Z"
        title={t('trading.chart.drawing.undoTitle')}
        onClick={onUndo}
      >
        ↶ {t('trading.chart.drawing.undo')}
      </Tool>
      <Tool
        type="button"
        disabled={redo === 0}
        aria-label={t('trading.chart.drawing.redoLabel')}
        aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
        title={t('trading.chart.drawing.redoTitle')}
        onClick={onRedo}
      >
        ↷ {t('trading.chart.drawing.redo')}
      </Tool>
    </>
  );
}
