import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DropdownAnchor, DropdownPanel } from './Dropdown';
import { useDismiss } from './hooks';
import { ChevronDownIcon } from './icons';
import { styled } from './stitches.config';
import type { LanguageOption } from './types';

const Trigger = styled('button', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$1',
  height: '$controlSm',
  px: '$2',
  border: '1px solid $border',
  borderRadius: '$md',
  backgroundColor: '$bg',
  color: '$text',
  fontSize: '$sm',
  fontWeight: '$medium',
  cursor: 'pointer',
  '&:hover': { borderColor: '$textMuted' },
  '&:focus-visible': { outline: 'none', boxShadow: '$focus' },
  '& svg': { width: 14, height: 14 },
});

/** The languages in two columns where there is room, one on a phone's sheet. */
const List = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(9.5rem, 1fr))',
  gap: 2,
  variants: { inline: { true: { gridTemplateColumns: 'repeat(auto-fill, minmax(8.5rem, 1fr))' } } },
});

const InlineGroup = styled('div', { flexBasis: '100%', minWidth: 0 });

const Option = styled('button', {
  width: '100%',
  minHeight: '$controlSm',
  px: '$2',
  border: 0,
  borderRadius: '$sm',
  backgroundColor: 'transparent',
  color: '$text',
  fontSize: '$sm',
  textAlign: 'start',
  cursor: 'pointer',
  transition: 'background-color $fast, color $fast',
  '&:hover': { backgroundColor: '$surfaceHover' },
  '&:focus-visible': { outline: 'none', boxShadow: '$focus' },
  '&[aria-pressed="true"]': { backgroundColor: '$secondary', color: '$onSecondary', fontWeight: '$medium' },
});

export interface LanguageToggleProps {
  languages: readonly LanguageOption[];
  current: string;
  /** Called with the chosen code, also for the current one (the app then refreshes the page). */
  onChange: (code: string) => void;
  /** The list itself, without the button that opens it (the burger menu has room for it). */
  inline?: boolean;
  defaultOpen?: boolean;
}

/** Every language under its own name, each in its own language (`lang`), so a reader finds theirs. */
function LanguageList({ languages, current, onChange, inline }: Omit<LanguageToggleProps, 'defaultOpen'>) {
  return (
    <List inline={inline ?? false}>
      {languages.map((language) => (
        <li key={language.code}>
          <Option type="button" lang={language.code} aria-pressed={language.code === current} onClick={() => onChange(language.code)}>
            {language.name}
          </Option>
        </li>
      ))}
    </List>
  );
}

/**
 * The language switcher: with ten languages, a button naming the current one that opens the list
 * (a sheet on a phone), or the list itself where there is room.
 */
export function LanguageToggle({ languages, current, onChange, inline = false, defaultOpen = false }: LanguageToggleProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(defaultOpen);
  const panelId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  useDismiss(open, () => setOpen(false), { popup: panelRef, trigger: triggerRef });
  const currentName = languages.find((language) => language.code === current)?.name ?? current;
  const shortCode = current.split('-')[0]!.toUpperCase();

  if (inline) {
    return (
      <InlineGroup role="group" aria-label={t('shell.language')}>
        <LanguageList languages={languages} current={current} onChange={onChange} inline />
      </InlineGroup>
    );
  }
  return (
    <DropdownAnchor>
      <Trigger
        ref={triggerRef}
        type="button"
        // The visible code leads the name, so speech input finds the button by what it shows.
        aria-label={`${shortCode} ${t('shell.language')}: ${currentName}`}
        title={currentName}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <span>{shortCode}</span>
        <ChevronDownIcon />
      </Trigger>
      {open && (
        <DropdownPanel id={panelId} ref={panelRef} role="group" aria-label={t('shell.language')}>
          <LanguageList
            languages={languages}
            current={current}
            onChange={(code) => {
              setOpen(false);
              onChange(code);
            }}
          />
        </DropdownPanel>
      )}
    </DropdownAnchor>
  );
}
