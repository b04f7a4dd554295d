import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { setDisplayTimeZone } from '../../shared/format';
import { useUser } from '../app-services';

/**
 * Dates and times are written in the trader's time zone (the personal data page sets it; every
 * envelope's user carries it), in the device's for a visitor or when none is chosen.
 *
 * The formatters read the zone from src/shared/format.ts. It is set while this component renders,
 * so the pages drawn in the same pass already use it; after a change, the text components drawn
 * earlier are asked to render again through i18next's `languageChanged` (which every
 * `useTranslation` listens to), as when the language changes.
 */
export function useDisplayTimeZone(): void {
  const zone = useUser()?.time_zone ?? null;
  const { i18n } = useTranslation();
  setDisplayTimeZone(zone);
  const shown = useRef(zone);
  useEffect(() => {
    if (shown.current === zone) return;
    shown.current = zone;
    i18n.emit('languageChanged', i18n.language);
  }, [zone, i18n]);
}
