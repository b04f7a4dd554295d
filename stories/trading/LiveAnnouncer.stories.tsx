import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { LiveAnnouncer } from '../../src/ui/trading/LiveAnnouncer';
import { formatNumber, formatUsd } from '../../src/shared/format';
import { storyI18n } from '../../.storybook/i18n';
import { fixtureFor } from '../support/fixture-text';

/** What the trading room says when a bet is placed, in each language's words and money format. */
const PLACED = fixtureFor((locale) => {
  const t = storyI18n.getFixedT(locale);
  return t('trading.slip.placed', { symbol: 'EUR/USD', direction: t('trading.direction.up'), amount: formatUsd(10, locale) });
});

/** A price said again, as the shared formatter writes it in each language. */
const PRICE = fixtureFor((locale) => `EUR/USD: ${formatNumber(1.08512, locale, 5)}`);

const meta = {
  title: 'Patterns/Trading/LiveAnnouncer',
  component: LiveAnnouncer,
  args: { announcement: null },
} satisfies Meta<typeof LiveAnnouncer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing said yet: the region is there already (empty), so the first message is read. */
export const Silent: Story = {
  play: async ({ canvas }) => {
    const region = canvas.getByRole('status');
    await expect(region).toHaveAttribute('aria-live', 'polite');
    await expect(region).toHaveTextContent(/^$/);
  },
};

/** A message: the region's text, read politely, invisible on screen. */
export const Announcing: Story = {
  parameters: { sameFrameAs: { story: 'Silent', why: 'the live region is read by screen readers and never drawn: its text is checked, not seen' } },
  args: { announcement: { id: 2, text: PLACED } },
  play: async ({ canvas }) => {
    const region = canvas.getByRole('status');
    await expect(region).toHaveTextContent('Ставка открыта: EUR/USD, Выше, 10,00 $');
    await expect(region.getBoundingClientRect().width).toBeLessThanOrEqual(1);
  },
};

/** The same text again under a new id: it differs by a no-break space, so it is read again. */
export const SameTextAgain: Story = {
  parameters: { sameFrameAs: { story: 'Silent', why: 'the live region is read by screen readers and never drawn: its text is checked, not seen' } },
  args: { announcement: { id: 3, text: PRICE } },
  play: async ({ canvas, args }) => {
    const region = canvas.getByRole('status');
    await expect(region.textContent).toBe('EUR/USD: 1,08512\u00a0');
    await expect(args.announcement?.text).toBe('EUR/USD: 1,08512');
  },
};
