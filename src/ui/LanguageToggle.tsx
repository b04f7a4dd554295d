import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DropdownAnchor, DropdownPanel } from './Dropdown';
import { ChevronDownIcon } from './icons';
import { useMenuButton, useMenuKeys } from './menu-keys';
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

/**
 * The dropdown's languages in one column, so Up and Down move the way they look; the burger menu's
 * list in two columns where there is room (Up and Down follow the reading order there).
 */
const List = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: 2,
  variants: { inline: { true: { flexBasis: '100%', minWidth: 0, gridTemplateColumns: 'repeat(auto-fill, minmax(8.5rem, 1fr))' } } },
});

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
  '&[aria-checked="true"]': { backgroundColor: '$secondary', color: '$onSecondary', fontWeight: '$medium' },
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

type LanguageItemsProps = Pick<LanguageToggleProps, 'languages' | 'current'> & {
  choose: (code: string) => void;
  tabIndexOf: (index: number) => number;
};

/** Every language under its own name, each in its own language (`lang`), so a reader finds theirs. */
function LanguageItems({ languages, current, choose, tabIndexOf }: LanguageItemsProps) {
  return languages.map((language, index) => (
    <li key={language.code} role="none">
      <Option
        type="button"
        role="menuitemradio"
        lang={language.code}
        aria-checked={language.code === current}
        tabIndex={tabIndexOf(index)}
        onClick={() => choose(language.code)}
      >
        {language.name}
      </Option>
    </li>
  ));
}

/** The burger menu's list: a menu of its own with one Tab stop, always shown. */
function InlineLanguageMenu({ languages, current, onChange }: Omit<LanguageToggleProps, 'inline' | 'defaultOpen'>) {
  const { t } = useTranslation();
  const menuRef = useRef<HTMLUListElement>(null);
  const keys = useMenuKeys(menuRef, languages.findIndex((language) => language.code === current));
  return (
    <List ref={menuRef} inline role="menu" aria-label={t('shell.language')} {...keys.menuProps}>
      <LanguageItems languages={languages} current={current} choose={onChange} tabIndexOf={keys.tabIndexOf} />
    </List>
  );
}

/**
 * The language switcher: with ten languages, a button naming the current one that opens a menu of
 * them (menu items with one checked, WAI-ARIA APG menu button), or the menu itself where there is
 * room (the burger menu).
 */
export function LanguageToggle({ inline = false, ...props }: LanguageToggleProps) {
  return inline ? <InlineLanguageMenu {...props} /> : <LanguageMenuButton {...props} />;
}

function LanguageMenuButton({ languages, current, onChange, defaultOpen = false }: Omit<LanguageToggleProps, 'inline'>) {
  const { t } = useTranslation();
  const menu = useMenuButton({ chosen: languages.findIndex((language) => language.code === current), defaultOpen });
  const currentName = languages.find((language) => language.code === current)?.name ?? current;
  const shortCode = current.split('-')[0]!.toUpperCase();
  return (
    <DropdownAnchor>
      <Trigger
        {...menu.triggerProps}
        // The visible code leads the name, so speech input finds the button by what it shows.
        aria-label={`${shortCode} ${t('shell.language')}: ${currentName}`}
        title={currentName}
      >
        <span>{shortCode}</span>
        <ChevronDownIcon />
      </Trigger>
      {menu.open && (
        <DropdownPanel {...menu.menuProps} aria-label={t('shell.language')}>
          <List role="none">
            <LanguageItems
              languages={languages}
              current={current}
              tabIndexOf={menu.tabIndexOf}
              choose={(code) => {
                menu.close();
                onChange(code);
              }}
            />
          </List>
        </DropdownPanel>
      )}
    </DropdownAnchor>
  );
}
