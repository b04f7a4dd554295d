import type { KeyboardEvent, ReactNode } from 'react';
import { useRef } from 'react';
import { styled } from '../stitches.config';

export const Segmented = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$1' });
export const Segment = styled('button', {
  minWidth: '3.25rem',
  height: '$controlSm',
  px: '$2',
  border: '1px solid $borderStrong',
  borderRadius: '$md',
  backgroundColor: 'transparent',
  color: '$text',
  fontSize: '$sm',
  fontVariantNumeric: 'tabular-nums',
  cursor: 'pointer',
  '&:hover:not(:disabled)': { backgroundColor: '$surfaceHover' },
  '&:focus-visible': { outline: 'none', boxShadow: '$focus' },
  '&[aria-pressed="true"], &[aria-checked="true"]': { backgroundColor: '$secondary', borderColor: '$secondary', color: '$onSecondary' },
  '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
});
export const GroupLabel = styled('span', {
  display: 'block',
  fontSize: '$sm',
  fontWeight: '$medium',
  marginBottom: '$1',
});

export interface SegmentedRadioProps<T extends string | number> {
  /** The id of the group's label (a GroupLabel drawn by the host), or else its name. */
  labelledBy?: string;
  label?: string;
  options: readonly { value: T; label: ReactNode }[];
  value: T | null;
  onChange: (value: T) => void;
  disabled?: boolean;
}

const NEXT: Record<string, 1 | -1> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * One choice of a few, drawn as segments: a radio group with one Tab stop (the chosen segment, or
 * the first while none is), the arrow keys moving and choosing, Home and End to the ends.
 */
export function SegmentedRadio<T extends string | number>({ labelledBy, label, options, value, onChange, disabled = false }: SegmentedRadioProps<T>) {
  const groupRef = useRef<HTMLDivElement>(null);
  const chosen = options.findIndex((option) => option.value === value);
  const tabStop = chosen === -1 ? 0 : chosen;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = options.length - 1;
    const from = chosen === -1 ? 0 : chosen;
    const to =
      event.key === 'Home' ? 0 : event.key === 'End' ? last : NEXT[event.key] ? (from + NEXT[event.key]! + options.length) % options.length : null;
    if (to === null || disabled) return;
    event.preventDefault();
    onChange(options[to]!.value);
    groupRef.current?.querySelectorAll<HTMLElement>('[role="radio"]')[to]?.focus();
  };

  return (
    <Segmented ref={groupRef} role="radiogroup" aria-labelledby={labelledBy} aria-label={label} aria-disabled={disabled || undefined} onKeyDown={onKeyDown}>
      {options.map((option, index) => (
        <Segment
          key={option.value}
          type="button"
          role="radio"
          aria-checked={index === chosen}
          tabIndex={index === tabStop ? 0 : -1}
          disabled={disabled}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Segment>
      ))}
    </Segmented>
  );
}
