import { expect, test, type Page } from '@playwright/test';
import { formatUsd } from '../../src/shared/format';
import { base, emailTo, escapeRegExp, type Language, namespace, placeDemoBetByApi, signUpByApi, translator, XHR } from './support/env';
import { atCombination, boxOf, COMBINATIONS, COMPACT_BELOW, expectInViewport, expectNoSidewaysScroll, expectSoundSwitches, HEIGHT } from './support/layout';

/**
 * The trader-experience items that have no spec of their own (issue 11: 7, 10-19), each walked at
 * 320, 375, 768 and 1280 px in Russian and in English inside one browser context and one account,
 * so that eight combinations cost one sign-up. Every page visited is checked for sideways
 * scrolling. docs/testing.md lists which spec covers which item.
 */

const NAMESPACES = ['shell', 'trading', 'money', 'auth', 'support'];
const say = (language: Language) => translator(language, ...NAMESPACES);
/** A translation as a pattern whose values may be anything (for values the test does not know). */
function pattern(language: Language, key: string): RegExp {
  const raw = NAMESPACES.map((name) => namespace(language, name)[key]).find(Boolean);
  if (!raw) throw new Error(`missing translation ${key}`);
  return new RegExp(escapeRegExp(raw).replace(/\\\{\\\{[^}]+\\\}\\\}/g, '.+'));
}
const compact = (page: Page) => page.viewportSize()!.width < COMPACT_BELOW;
const upButton = (page: Page, language: Language) =>
  page.getByRole('button', { name: new RegExp(`^▲ ${escapeRegExp(say(language)('trading.direction.up'))}`) });

/** Opens the site's menu: the burger below 992 px, else the footer is the menu, in place. */
async function openMenu(page: Page, language: Language) {
  if (!compact(page)) return page.getByRole('contentinfo');
  await page.getByRole('banner').getByRole('button', { name: say(language)('shell.burger-open') }).click();
  const burger = page.getByRole('dialog', { name: say(language)('shell.burger-title') });
  await expectInViewport(page, burger, 'the burger menu');
  return burger;
}

test('email confirmation says what happened when the link is opened signed out (item 7)', async ({ page, context }) => {
  const email = await signUpByApi(context.request, 'confirm', 'ru');
  const mail = await emailTo(context.request, email, say('ru')('auth.email.confirm.subject'));
  const link = new URL(mail.links.find((href) => href.includes('/api/auth/confirm/'))!);
  await context.clearCookies();

  let opened = false;
  for (const combination of COMBINATIONS) {
    const t = say(combination.language);
    await atCombination(page, combination);
    // The real link: confirmed the first time, already used afterwards.
    await page.goto(`${base()}${link.pathname}`);
    const result = opened ? 'already' : 'confirmed';
    opened = true;
    await expect(page).toHaveURL(`${base()}/email-confirmed?result=${result}`);
    // And one of the two states a link cannot be used in, in turn.
    const pages = [result, combination.width % 2 === 0 ? 'expired' : 'invalid'] as const;
    for (const shown of pages) {
      if (shown !== result) await page.goto(`${base()}/email-confirmed?result=${shown}`);
      await expect(page.getByRole('heading', { level: 1, name: t(`shell.email-confirm.${shown}.title`) })).toBeVisible();
      await expect(page.getByText(t(`shell.email-confirm.${shown}.text`))).toBeVisible();
      // Signed out, the way on is signing in (never "go to trading").
      const signIn = page.getByRole('main').getByRole('link', { name: t('shell.email-confirm.to-login') });
      await expectInViewport(page, signIn, `sign in on ${shown} (${combination.language}, ${combination.width}px)`);
      await expect(page.getByRole('link', { name: t('shell.email-confirm.to-trading') })).toHaveCount(0);
      await expectNoSidewaysScroll(page, `/email-confirmed?result=${shown}`);
    }
  }
});

test('the end time preselects the nearest expiry and moves on; an error moves nothing (items 15, 19)', async ({ page, context }) => {
  test.setTimeout(180_000);
  await signUpByApi(context.request, 'end-time', 'ru');
  let chosen = '';
  for (const combination of COMBINATIONS) {
    const t = say(combination.language);
    // The page is opened once per language; the widths follow as a turned or resized screen.
    if (combination.width === COMBINATIONS[0]!.width) {
      await atCombination(page, combination);
      await page.goto(`${base()}/home`);
    } else {
      await page.setViewportSize({ width: combination.width, height: HEIGHT[combination.width] });
    }
    await expect(upButton(page, combination.language)).toBeEnabled();

    // Item 19: a slip error appearing and going moves neither Up nor anything under it.
    const before = await boxOf(upButton(page, combination.language));
    const amount = page.getByLabel(t('trading.amount.label'));
    await amount.fill('0.5');
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(await boxOf(upButton(page, combination.language))).toEqual(before);
    await amount.fill('5');
    await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
    expect(await boxOf(upButton(page, combination.language))).toEqual(before);

    // Item 15: the end-time mode preselects the nearest end time still on sale (at least the 30 s
    // cutoff away, at most one 60 s step more).
    const where = compact(page) ? page.getByRole('dialog') : page.getByRole('main');
    if (compact(page)) await page.getByTestId('trade-bar-time').click();
    await where.getByRole('radio', { name: t('trading.slip.mode.endTime') }).click();
    const selector = where.getByRole('combobox', { name: t('trading.endTime.label') });
    await expectInViewport(page, selector, 'the end-time selector');
    chosen = await selector.inputValue();
    const ahead = Date.parse(chosen) - Date.now();
    expect(ahead, `the preselected end ${chosen}`).toBeGreaterThan(25_000);
    expect(ahead, `the preselected end ${chosen}`).toBeLessThanOrEqual(92_000);
    if (compact(page)) {
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByTestId('trade-bar-time')).toHaveAccessibleName(pattern(combination.language, 'trading.bar.time'));
    }
    await expectNoSidewaysScroll(page, '/home with an end time');
  }
  // When the chosen end's cutoff passes, the next end time is chosen instead of none (at 1280 px
  // the selector stays on the page).
  const selector = page.getByRole('main').getByRole('combobox', { name: say('en')('trading.endTime.label') });
  await expect
    .poll(() => selector.inputValue(), { timeout: 75_000, intervals: [1_000] })
    .toBe(new Date(Date.parse(chosen) + 60_000).toISOString());
});

/** Starts a sandbox deposit of `amount` through the API; `decline` finishes it declined, else it is left abandoned. */
async function startDeposit(page: Page, amount: number, decline: boolean) {
  const started = await page.context().request.post(`${base()}/api/deposit/integration_json`, {
    headers: XHR,
    data: { ps_id: 1, amount },
  });
  expect(started.ok(), await started.text()).toBe(true);
  if (!decline) return;
  const { redirect_url } = ((await started.json()) as { payload: { redirect_url: string } }).payload;
  await page.goto(`${base()}${redirect_url}`);
  await page.getByRole('button', { name: say('ru')('money.checkout.decline') }).click();
  await page.waitForURL(/\/deposit\?deposit_id=/);
}

/** The payment system's name as each language writes it (the server's content). */
const CARD: Record<Language, string> = { ru: 'Банковская карта', en: 'Bank card' };

test("the trader's pages: one language and number format, payout words, history per wallet, tournaments, abandoned deposits (items 10-14, 16, 19)", async ({ page, context }) => {
  test.setTimeout(240_000);
  await signUpByApi(context.request, 'pages', 'ru');
  // Made in Russian: a declined deposit's notification, an abandoned deposit, a demo bet of 5.
  await startDeposit(page, 10, true);
  await startDeposit(page, 12, false);
  await placeDemoBetByApi(context.request, 5);
  await page.evaluate(() => localStorage.setItem('wallet', 'demo'));

  for (const [index, combination] of COMBINATIONS.entries()) {
    const { language } = combination;
    const t = say(language);
    await atCombination(page, combination);
    await page.goto(`${base()}/home`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const banner = page.getByRole('banner');

    // Item 10: the balance in the language's money format, at once.
    await expect(banner.getByTestId('wallet-amount')).toHaveText(formatUsd(9_995, language));
    // Item 12: "profit +N %" for the percentage and "you get $N" for the amount, never one word for both.
    await expect(upButton(page, language)).toContainText(pattern(language, 'trading.direction.return'));

    // Item 11: the notification made in Russian reads in the current language.
    await banner.getByRole('button', { name: new RegExp(escapeRegExp(t('shell.notifications'))) }).click();
    const notifications = page.getByRole('dialog', { name: t('shell.notifications') });
    await expect(notifications).toContainText(pattern(language, 'money.notice.deposit_failed'));
    await expectInViewport(page, notifications, 'the notifications panel');
    await page.keyboard.press('Escape');
    await expect(notifications).toHaveCount(0);

    // Item 19: sound switches at every width (the burger menu below 992 px, the user menu above).
    const menu = compact(page)
      ? await openMenu(page, language)
      : (await banner.getByRole('button', { name: t('shell.user-menu-tooltip') }).click(), banner);
    const sound = menu.getByRole('switch', { name: t('shell.sound') });
    await sound.scrollIntoViewIfNeeded();
    await expectSoundSwitches(page, sound);
    await page.keyboard.press('Escape');
    await expectNoSidewaysScroll(page, '/home');

    // Item 14: the tournaments have their own page, from the menu, with the weekly one's title in
    // the current language.
    await page.evaluate(() => window.scrollTo(0, 0));
    const menuAgain = await openMenu(page, language);
    await menuAgain.getByRole('link', { name: t('money.page.tournaments'), exact: true }).click();
    await expect(page).toHaveURL(`${base()}/tournaments`);
    await expect(page.getByRole('heading', { level: 1, name: t('money.page.tournaments') })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(t('money.tournament.weekly_name'));
    await expectNoSidewaysScroll(page, '/tournaments');

    // Item 13: the history opens on the wallet in use, the demo bet in it.
    await page.goto(`${base()}/history/bets`);
    await expect(page.getByRole('combobox', { name: t('trading.history.wallet') })).toHaveValue('demo');
    await expect(page.getByRole('main')).toContainText(formatUsd(5, language));
    await expectNoSidewaysScroll(page, '/history/bets');

    // Item 16: the abandoned deposit can be continued or cancelled; the system's name in the
    // current language (item 11).
    await page.goto(`${base()}/finances`);
    const abandoned = page.getByTestId('finance-row').filter({ hasText: formatUsd(12, language) });
    await expect(abandoned).toContainText(t('money.status.pending'));
    await expect(abandoned).toContainText(CARD[language]);
    const cancel = abandoned.getByRole('button', { name: pattern(language, 'money.history.cancel_label') });
    for (const action of [abandoned.getByRole('button', { name: pattern(language, 'money.history.continue_label') }), cancel]) {
      await action.scrollIntoViewIfNeeded();
      await expectInViewport(page, action, 'a pending deposit action');
    }
    await expectNoSidewaysScroll(page, '/finances');
    if (index === COMBINATIONS.length - 1) {
      // Cancelled: the notice and the status say the same word.
      await cancel.click();
      await expect(page.getByText(t('money.history.cancelled_done'))).toBeVisible();
      await expect(abandoned).toContainText(t('money.status.cancelled'));
    }
  }
});

test('several tabs share the wallet and sign out together (item 17)', async ({ page, context }) => {
  test.setTimeout(240_000);
  const email = await signUpByApi(context.request, 'tabs', 'ru');
  const other = await context.newPage();
  for (const combination of COMBINATIONS) {
    const t = say(combination.language);
    const signedIn = await context.request.post(`${base()}/api/auth/login`, {
      headers: XHR,
      data: { email, password: 'Quiet-harbor-2026' },
    });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
    await atCombination(page, combination);
    await other.setViewportSize(page.viewportSize()!);
    await page.goto(`${base()}/home`);
    await other.goto(`${base()}/finances`);

    // The wallet chosen in one tab is the other's too.
    const kind = (tab: Page) => tab.getByRole('banner').getByTestId('wallet-kind');
    const next = (await kind(page).textContent()) === t('shell.wallet-badge-demo') ? 'main' : 'demo';
    await page.getByRole('banner').getByRole('button', { name: new RegExp(escapeRegExp(t('shell.wallet-switch'))) }).click();
    await page
      .getByRole('menu', { name: t('shell.wallets') })
      .getByRole('menuitemradio', { name: new RegExp(`^${escapeRegExp(t(`shell.wallet-${next}`))}`) })
      .click();
    await expect(kind(other)).toHaveText(t(`shell.wallet-badge-${next}`));

    // Signing out in one tab moves the other to the sign-in page at once.
    const menu = compact(page)
      ? await openMenu(page, combination.language)
      : (await page.getByRole('banner').getByRole('button', { name: t('shell.user-menu-tooltip') }).click(),
        page.getByRole('group', { name: t('shell.user-menu-tooltip') }));
    await menu.getByRole('button', { name: t('shell.logout') }).click();
    await page.getByRole('dialog', { name: t('shell.logout-title') }).getByRole('button', { name: t('shell.logout-btn') }).click();
    await expect(page).toHaveURL(`${base()}/`);
    await expect(other).toHaveURL(new RegExp(`^${escapeRegExp(base())}/login`));
    await expect(other.getByRole('form', { name: t('shell.login-title') })).toBeVisible();
    await expectNoSidewaysScroll(other, '/login');
  }
});

test('a support attachment that fails the rules shows its whole error and drops in one tap (item 18)', async ({ page, context }) => {
  await signUpByApi(context.request, 'attach', 'ru');
  for (const combination of COMBINATIONS) {
    const t = say(combination.language);
    await atCombination(page, combination);
    await page.goto(`${base()}/support`);
    const message = `${combination.language} ${combination.width}`;
    await page.getByLabel(t('support.composer.label'), { exact: true }).fill(message);
    await page.getByLabel(t('support.composer.attach')).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    const attached = page.getByRole('list', { name: t('support.composer.attached') });
    const error = attached.getByText(t('support.errors.file_type'), { exact: true });
    await expect(error).toBeVisible();
    // The whole error, not cut off.
    expect(await error.evaluate((node) => node.scrollWidth <= node.clientWidth + 1 && node.scrollHeight <= node.clientHeight + 1)).toBe(true);
    await error.scrollIntoViewIfNeeded();
    await expectInViewport(page, error, 'the attachment error');
    await expectNoSidewaysScroll(page, '/support with a refused file');
    await page.getByRole('button', { name: t('support.composer.drop_invalid') }).click();
    await expect(attached).toHaveCount(0);
    await page.getByRole('button', { name: t('support.composer.send') }).click();
    await expect(page.getByRole('log')).toContainText(message);
  }
});
