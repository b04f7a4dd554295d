import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatDuration } from '../../src/shared/duration';
import { base, escapeRegExp, namespace, signUpByApi } from './support/env';

/**
 * The trading journey with the keyboard only, against the real server, in English at a phone's
 * and a desktop's width: the skip link to the new bet, the room's shortcuts (wallet, price, stake,
 * bet time, help, up and down), an empty stake refused with focus on the stake, a bet placed with
 * a key and followed to its result, and one-click mode switched off (kept across a reload) so the
 * confirmation asks and hands focus back. The room's one live region is read after each step, and
 * focus is never left on <body>. Then, in forced colours, every Tab stop of the room shows an outline.
 */

const texts: Record<string, string> = { ...namespace('en', 'shell'), ...namespace('en', 'trading') };
function text(key: string, params: Record<string, string | number> = {}): string {
  const value = texts[key];
  if (value === undefined) throw new Error(`missing translation ${key}`);
  return value.replace(/\{\{(\w+)(, money)?\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
/** A shell text in English or Arabic (the burger button's name after the switch). */
const shellText = (code: 'en' | 'ar', key: string): string => {
  const value = (JSON.parse(readFileSync(path.join(import.meta.dirname, '../../server/content/locales', code, 'shell.json'), 'utf8')) as Record<string, string>)[key];
  if (value === undefined) throw new Error(`missing translation ${code} ${key}`);
  return value;
};
const usd = (amount: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(amount);

const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 900 },
} as const;

const announcer = (page: Page) => page.getByTestId('trading-announcer');

/** What has focus, named for a failure message; never the page's body. */
async function expectFocusOnAControl(page: Page, step: string) {
  const focused = await page.evaluate(() => {
    const element = document.activeElement;
    return !element || element === document.body ? 'body' : `${element.tagName} ${element.id || element.getAttribute('aria-label') || element.textContent?.slice(0, 30)}`;
  });
  expect(focused, `focus after: ${step}`).not.toBe('body');
}

/** Tab (forwards) until `target` has focus, checking each stop on the way. */
async function tabTo(page: Page, target: Locator, step: string) {
  for (let presses = 0; presses < 80; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
    await expectFocusOnAControl(page, `${step} (Tab ${presses + 1})`);
  }
  throw new Error(`Tab never reached ${step}`);
}

async function openRoom(page: Page) {
  await page.goto(`${base()}/home`);
  await expect(page.locator('[aria-roledescription="chart"][data-status="ready"]')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(text('trading.home.title'))} · `));
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`the whole trading journey with the keyboard only, announced (${name})`, async ({ page, context }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signUpByApi(context.request, 'keys', 'en');
    await openRoom(page);

    // The skip links come first: to the content, then to the new bet.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: text('shell.skip-to-content') })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: text('trading.skip_to_slip') })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#bet-slip')).toBeFocused();

    // W: the next wallet, round the trader's wallets, back to demo (10,000 to play with).
    const onDemo = text('trading.announce.wallet', { wallet: text('trading.wallet.demo'), amount: usd(10_000) });
    for (let turn = 0; turn < 3; turn += 1) {
      await page.keyboard.press('w');
      await expect(announcer(page)).toHaveText(/^Wallet: /);
      await expectFocusOnAControl(page, 'W');
      if ((await announcer(page).textContent())?.trim() === onDemo) break;
    }
    await expect(announcer(page)).toHaveText(new RegExp(`^${escapeRegExp(onDemo)}\\s?$`));

    // P: the price on request.
    await page.keyboard.press('p');
    await expect(announcer(page)).toHaveText(/^[A-Z]{3}\/[A-Z]{3}: \d+\.\d{3,5}\s?$/);

    // ?: the shortcut help, Escape back where it was.
    await page.keyboard.press('Shift+Slash');
    const help = page.getByRole('dialog', { name: text('trading.keys.title') });
    await expect(help).toBeVisible();
    await expect(help.getByRole('row', { name: new RegExp(`^U ${escapeRegExp(text('trading.keys.up'))}$`) })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
    await expect(page.locator('#bet-slip')).toBeFocused();

    // An empty stake: Up says why and puts focus on the stake.
    const stake = page.locator('#bet-slip input[name="amount"]');
    await tabTo(page, stake, 'the stake');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Shift+Tab');
    await expectFocusOnAControl(page, 'leaving the stake');
    await page.keyboard.press('u');
    await expect(stake).toBeFocused();
    await expect(announcer(page)).toHaveText(new RegExp(`^${escapeRegExp(text('trading.slip.error.amount_required'))}\\s?$`));

    // A stake typed, then stepped with + and -, each said.
    await page.keyboard.type('10');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Equal');
    await expect(announcer(page)).toHaveText(/^Stake: \$\d/);
    await page.keyboard.press('Minus');
    await expect(announcer(page)).toHaveText(text('trading.announce.stake', { amount: usd(10) }));

    // ] and [: the bet time, back to the shortest (30 s).
    await page.keyboard.press('BracketRight');
    await page.keyboard.press('BracketLeft');
    await expect(announcer(page)).toHaveText(text('trading.bar.time', { duration: formatDuration(30, 'en', 'short') }));

    // U: the bet is placed at once (one-click mode is on for a new trader) and said.
    await page.keyboard.press('u');
    await expect(announcer(page)).toHaveText(new RegExp(`^Bet placed: [A-Z]{3}/[A-Z]{3}, ${text('trading.direction.up')}, ${escapeRegExp(usd(10))}`));
    await expectFocusOnAControl(page, 'U');

    // Its last 10 seconds, then its result with the demo wallet's new balance.
    await expect(announcer(page)).toHaveText(/^10 seconds left: [A-Z]{3}\/[A-Z]{3}, Up, \$10\.00/, { timeout: 40_000 });
    await expect(announcer(page)).toHaveText(/^Bet (won|lost|refunded): .+ Balance: \$\d{1,2},?\d{3}\.\d{2}/, { timeout: 40_000 });
    await expectFocusOnAControl(page, 'the result');

    // G: focus on the chart.
    await page.keyboard.press('g');
    await expect(page.locator('[aria-roledescription="chart"]')).toBeFocused();

    // One-click mode off (on a phone the switch is in the bet time sheet), kept across a reload.
    const oneClick = page.getByRole('checkbox', { name: text('trading.slip.one_click') });
    if (name === 'phone') {
      await tabTo(page, page.getByTestId('trade-bar-time'), 'the bet time button');
      await page.keyboard.press('Enter');
    }
    await tabTo(page, oneClick, 'the one-click switch');
    await page.keyboard.press('Space');
    await expect(oneClick).not.toBeChecked();
    await page.keyboard.press('Escape');
    await expectFocusOnAControl(page, 'closing the sheet');
    await openRoom(page);
    if (name === 'phone') {
      await tabTo(page, page.getByTestId('trade-bar-time'), 'the bet time button');
      await page.keyboard.press('Enter');
      await expect(oneClick).not.toBeChecked();
      await page.keyboard.press('Escape');
    } else {
      await expect(oneClick).not.toBeChecked();
    }

    // D now asks first; confirming places the bet and focus returns to Down, not to the page.
    const down = page.locator('#bet-slip button[data-direction="down"]');
    await tabTo(page, down, 'Down');
    await page.keyboard.press('d');
    const confirm = page.getByRole('dialog', { name: text('trading.confirm.title') });
    await expect(confirm).toBeVisible();
    await expectFocusOnAControl(page, 'the confirmation');
    await tabTo(page, confirm.getByRole('button', { name: text('trading.confirm.place.down') }), 'the confirm button');
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(announcer(page)).toHaveText(new RegExp(`^Bet placed: .*${text('trading.direction.down')}`));
    await expect(down).toBeFocused();
  });
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`the header's wallet and language menus with the keyboard, mirrored too (${name})`, async ({ page, context }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signUpByApi(context.request, 'menus', 'en');
    await openRoom(page);
    const banner = page.getByRole('banner');
    const html = page.locator('html');

    // The wallet menu opens with Enter on the chosen wallet; Home and Down reach demo, Enter takes
    // it and hands focus back to the button; Down opens it again, Escape closes it unchanged.
    const walletButton = banner.getByRole('button', { name: new RegExp(escapeRegExp(text('shell.wallet-switch'))) });
    const wallets = page.getByRole('menu', { name: text('shell.wallets') });
    const demo = wallets.getByRole('menuitemradio', { name: new RegExp(`^${escapeRegExp(text('shell.wallet-demo'))}`) });
    await tabTo(page, walletButton, 'the wallet button');
    await page.keyboard.press('Enter');
    await expect(wallets.getByRole('menuitemradio', { checked: true })).toBeFocused();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await expect(demo).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(wallets).toHaveCount(0);
    await expect(walletButton).toBeFocused();
    await expect(walletButton.getByTestId('wallet-kind')).toHaveText(text('shell.wallet-badge-demo'));
    await page.keyboard.press('ArrowDown');
    await expect(demo).toBeFocused();
    await expect(demo).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    await expect(wallets).toHaveCount(0);
    await expect(walletButton).toBeFocused();

    // The language: Arabic (End, then Up from the last, Chinese), then back to English from the
    // mirrored page (Home, Down): the same keys right to left. On a phone the list is in the burger
    // menu, a menu of its own whose one Tab stop is the chosen language.
    const languageMenu = page.getByRole('menu').filter({ has: page.getByRole('menuitemradio', { name: 'English', exact: true }) });
    const openLanguages = async (code: 'en' | 'ar') => {
      if (name === 'phone') {
        if ((await languageMenu.count()) === 0) {
          await tabTo(page, banner.getByRole('button', { name: shellText(code, 'shell.burger-open') }), 'the burger button');
          await page.keyboard.press('Enter');
        }
        await tabTo(page, languageMenu.getByRole('menuitemradio', { checked: true }), 'the chosen language');
      } else {
        // Enter opens the menu the first time, Down the second: both put focus on the chosen language.
        await tabTo(page, banner.getByRole('button', { name: new RegExp(`^${code.toUpperCase()} `) }), 'the language button');
        await page.keyboard.press(code === 'en' ? 'Enter' : 'ArrowDown');
      }
      await expect(languageMenu.getByRole('menuitemradio', { checked: true })).toBeFocused();
    };
    await openLanguages('en');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowUp');
    await expect(languageMenu.getByRole('menuitemradio', { name: 'العربية' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(html).toHaveAttribute('lang', 'ar');
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expectFocusOnAControl(page, 'choosing Arabic');

    await openLanguages('ar');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await expect(languageMenu.getByRole('menuitemradio', { name: 'English', exact: true })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(html).toHaveAttribute('lang', 'en');
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expectFocusOnAControl(page, 'choosing English');
  });
}

test('forced colours: every Tab stop of the trading room shows a focus outline', async ({ page, context }) => {
  test.setTimeout(120_000);
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ forcedColors: 'active' });
    if (name === 'phone') await signUpByApi(context.request, 'keys-hc', 'en');
    await openRoom(page);
    const seen: string[] = [];
    for (let presses = 0; presses < 120; presses += 1) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        const style = getComputedStyle(element);
        const name = `${element.tagName.toLowerCase()} ${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''}`;
        const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1;
        return { name, outlined, key: element.outerHTML.slice(0, 200) };
      });
      // Past the last stop focus leaves the page: every stop was seen.
      if (!stop || seen.includes(stop.key)) break;
      seen.push(stop.key);
      expect(stop.outlined, `${name}: no focus outline on ${stop.name}`).toBe(true);
    }
    expect(seen.length, name).toBeGreaterThan(15);
  }
});
