import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { selectMenus, selectSiteSettings } from '../../machines/app/app.selectors';
import { selectLocale } from '../../machines/locale/locale.selectors';
import { selectInnerNotifications, selectLatestNotification, selectSupportUnread } from '../../machines/notifications/notifications.selectors';
import { COPIED_TOAST_DELAY } from '../../machines/toasts/toasts.machine';
import type { CopiedField } from '../../ui/UserDropdown';
import type { LanguageOption, SignedInUser } from '../../ui/types';
import { useToast, useUser } from '../app-services';
import { EMPTY_MENUS } from '../../machines/app/app.machine';
import { useAppActor, useAppChild } from './app-context';
import { LOCALES } from '../../api/contract/envelope';
import { LANGUAGE_NAMES } from './language-names';
import { isLocale } from '../../i18n/i18n';


export function useLanguages(): { languages: LanguageOption[]; locale: string; change: (code: string) => void } {
  const settings = useSelector(useAppActor(), selectSiteSettings);
  const locale = useAppChild('locale');
  const current = useSelector(locale, selectLocale);
  const codes = (settings?.languages.length ? settings.languages : LOCALES).filter(isLocale);
  const change = useCallback(
    (code: string) => {
      if (isLocale(code)) locale.send({ type: 'locale.change', code });
    },
    [locale],
  );
  return { languages: codes.map((code) => ({ code, name: LANGUAGE_NAMES[code] })), locale: current, change };
}

export function useMenus() {
  return useSelector(useAppActor(), selectMenus) ?? EMPTY_MENUS;
}

export function useLogoUrl(): string | undefined {
  return useSelector(useAppActor(), selectSiteSettings)?.logo_url[0];
}

/** The signed-in user as the widgets show it, or null for a visitor. */
export function useSignedInUser(): SignedInUser | null {
  const user = useUser();
  if (!user?.is_authenticated) return null;
  return { email: user.email ?? '', accountId: user.account_id ?? '' };
}

export function useNotifications() {
  const notifications = useAppChild('notifications');
  const items = useSelector(notifications, selectInnerNotifications);
  const latest = useSelector(notifications, selectLatestNotification);
  const supportUnread = useSelector(notifications, selectSupportUnread);
  const close = useCallback((id: string) => notifications.send({ type: 'notification.close', id }), [notifications]);
  return { items, latest, supportUnread, close };
}

/** Copies to the clipboard and confirms with the copied toast (2000 ms, docs/product.md 3). */
export function useCopy(): (value: string, field: CopiedField) => void {
  const toast = useToast();
  const { t } = useTranslation();
  return useCallback(
    (value: string) => {
      void navigator.clipboard
        .writeText(value)
        .then(() => toast({ message: t('shell.copied-toast'), variant: 'success', delay: COPIED_TOAST_DELAY }))
        .catch(() => toast({ message: t('app.copy-failed'), variant: 'danger', delay: COPIED_TOAST_DELAY }));
    },
    [toast, t],
  );
}

export function useNavigate(): (href: string) => void {
  const [, navigate] = useLocation();
  return useCallback((href: string) => navigate(href), [navigate]);
}
