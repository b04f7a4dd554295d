import { ARTICLE_NAME } from '../../api/contract/content';

/** The company pages (docs/design.md 3.2); every other article is a strategy. */
const COMPANY_PAGES = ['license', 'payment', 'platform'] as const;

const isCompanyPage = (name: string) => (COMPANY_PAGES as readonly string[]).includes(name);

type NameParams = Partial<Record<string, string | undefined>>;

/**
 * Page validation of /company/{name}: only the company pages live there. A name that fails shows
 * the 404 page without a call to the server.
 */
export const validCompanyPage = (params: NameParams): boolean => isCompanyPage(params.name ?? '');

/**
 * Page validation of /strategy/{name}: an article name that is not a company page. Whether the
 * strategy exists is the server's answer; an unknown one shows the 404 page too.
 */
export const validStrategyPage = (params: NameParams): boolean => {
  const name = params.name ?? '';
  return ARTICLE_NAME.test(name) && !isCompanyPage(name);
};
