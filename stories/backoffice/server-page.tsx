import { useTranslation } from 'react-i18next';
import { formatUsd, fromCents } from '../../src/api/contract/money';
import stylesheet from '../../shared/backoffice/backoffice.css?raw';
import { pageBody, type PageOptions } from '../../shared/backoffice/html';
import type { Money, Say } from '../../shared/backoffice/views';
import type { Translate } from '../../src/shared/format';

/** A back-office page as the server would build it, from the story's translations. */
export type Screen = (say: Say, money: Money, t: Translate, language: string) => Omit<PageOptions, 'lang' | 'brand'>;

/**
 * A server-rendered back-office page in a story: the same markup and stylesheet, its texts from
 * `namespace` in the story's language. Forms post nowhere; markup set as HTML runs no script.
 */
export function ServerPage({ namespace, screen }: { namespace: string; screen: Screen }) {
  const { t, i18n } = useTranslation();
  const say: Say = (key, params) => t(`${namespace}.${key}`, params);
  const money: Money = (cents) => formatUsd(fromCents(cents), i18n.language);
  const markup = pageBody({ lang: i18n.language, brand: t('support.backoffice.brand'), ...screen(say, money, t, i18n.language) }).text;
  return (
    <>
      <style>{stylesheet}</style>
      <div dangerouslySetInnerHTML={{ __html: markup }} />
    </>
  );
}
