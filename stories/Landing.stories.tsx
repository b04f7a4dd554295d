import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { LandingPage } from '../src/ui/Landing';
import { pairViews } from '../tests/msw/trading-fixtures';

const pairs = pairViews.map(({ symbol, payout }) => ({ symbol, payout }));

const meta = {
  title: 'Patterns/Shell/Landing',
  component: LandingPage,
  args: { authenticated: false, pairs, onNavigate: fn() },
  parameters: { viewport: { defaultViewport: 'desktop' } },
} satisfies Meta<typeof LandingPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Visitor: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Торгуйте валютными парами за минуты' })).toBeVisible();
    // The hero and the closing call to action both offer the signup and the login.
    const starts = canvas.getAllByRole('link', { name: 'Начать бесплатно' });
    await expect(starts).toHaveLength(2);
    await userEvent.click(starts[0]!);
    await expect(args.onNavigate).toHaveBeenCalledWith('/signup');
    await userEvent.click(canvas.getAllByRole('link', { name: 'Войти' })[1]!);
    await expect(args.onNavigate).toHaveBeenLastCalledWith('/login');
    const steps = within(canvas.getByRole('region', { name: 'Как это работает' })).getAllByRole('listitem');
    await expect(steps).toHaveLength(3);
    const pairList = canvas.getByRole('list', { name: 'Валютные пары и прибыль' });
    await expect(within(pairList).getAllByRole('listitem')).toHaveLength(pairs.length);
    await expect(within(pairList).getByText('EUR/USD')).toBeVisible();
  },
};

export const SignedIn: Story = {
  args: { authenticated: true },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.queryByRole('link', { name: 'Начать бесплатно' })).toBeNull();
    const open = canvas.getAllByRole('link', { name: 'Открыть платформу' });
    await userEvent.click(open[1]!);
    await expect(args.onNavigate).toHaveBeenCalledWith('/home');
  },
};

/** Before the market loads (or when it fails) the pair list is left out, not shown empty. */
export const WithoutPairs: Story = {
  args: { pairs: [] },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('list', { name: 'Валютные пары и прибыль' })).toBeNull();
    await expect(canvas.getByRole('heading', { name: 'Почему мы' })).toBeVisible();
  },
};


export const CompactLayout: Story = {
  parameters: { viewport: { defaultViewport: 'phone' } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

