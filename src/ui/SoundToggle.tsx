import { useTranslation } from 'react-i18next';
import { SoundOffIcon, SoundOnIcon } from './icons';
import { borderedControl } from './primitives/button-styles';
import { styled } from './stitches.config';

const Toggle = styled('button', {
  ...borderedControl,
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  height: '$control',
  px: '$3',
  fontSize: '$sm',
  '&[aria-checked="false"]': { color: '$textMuted' },
});

export interface SoundToggleProps {
  enabled: boolean;
  onToggle: (enabled: boolean) => void;
  /** Show the text beside the icon (burger menu); the header shows the icon only. */
  withLabel?: boolean;
}

export function SoundToggle({ enabled, onToggle, withLabel = false }: SoundToggleProps) {
  const { t } = useTranslation();
  const label = t('shell.sound');
  return (
    <Toggle
      type="button"
      role="switch"
      aria-checked={enabled}
      aria-label={withLabel ? undefined : label}
      title={enabled ? t('shell.sound-on') : t('shell.sound-off')}
      onClick={() => onToggle(!enabled)}
    >
      {enabled ? <SoundOnIcon /> : <SoundOffIcon />}
      {withLabel && <span>{label}</span>}
    </Toggle>
  );
}
