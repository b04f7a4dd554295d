import { useTranslation } from 'react-i18next';
import { styled } from './stitches.config';
import type { LanguageOption } from './types';

const Group = styled('div', {
  display: 'inline-flex',
  padding: 2,
  gap: 2,
  borderRadius: '$md',
  border: '1px solid $border',
  backgroundColor: '$bg',
});

const Option = styled('button', {
  minWidth: '2.5rem',
  height: '$controlSm',
  px: '$2',
  border: 0,
  borderRadius: '$sm',
  backgroundColor: 'transparent',
  color: '$textMuted',
  fontSize: '$sm',
  fontWeight: '$medium',
  cursor: 'pointer',
  transition: 'background-color $fast, color $fast',
  '&:hover': { color: '$text' },
  '&:focus-visible': { outline: 'none', boxShadow: '$focus' },
  '&[aria-pressed="true"]': { backgroundColor: '$secondary', color: '$onSecondary' },
});

export interface LanguageToggleProps {
  languages: readonly LanguageOption[];
  current: string;
  /** Called with the chosen code, also for the current one (the app then refreshes the page). */
  onChange: (code: string) => void;
}

export function LanguageToggle({ languages, current, onChange }: LanguageToggleProps) {
  const { t } = useTranslation();
  return (
    <Group role="group" aria-label={t('shell.language')}>
      {languages.map((language) => (
        <Option
          key={language.code}
          type="button"
          lang={language.code}
          aria-pressed={language.code === current}
          aria-label={`${language.code.toUpperCase()} ${language.name}`}
          title={language.name}
          onClick={() => onChange(language.code)}
        >
          {language.code.toUpperCase()}
        </Option>
      ))}
    </Group>
  );
}
