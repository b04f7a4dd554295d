import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, waitFor } from 'storybook/test';
import { DepositRoute } from '../../src/routes/money/deposit-route';
import { fail, ok } from '../../tests/msw/respond';
import { withMoneyApp } from './money-route-decorator';
import { pointerFocusLeft } from '../support/focus';

const meta = {
  title: 'Screens/Money/Deposit',
  // A route runs its statecharts against msw: its stories are the page, a props table says nothing.
  tags: ['!autodocs'],
  component: DepositRoute,
  decorators: [withMoneyApp],
  parameters: { route: { path: '/deposit' } },
} satisfies Meta<typeof DepositRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A decimal comma, as Russian writes it, is the same amount as with a point: no error, 100.5 on the wire. */
export const AmountWithDecimalComma: Story = {
  beforeEach({ msw }) {
    msw.use(
      http.post('*/api/deposit/integration_json', async ({ request }) => {
        document.body.dataset.depositAmount = String(((await request.clone().json()) as { amount: number }).amount);
        return fail(request, 'internal');
      }),
    );
    return () => {
      delete document.body.dataset.depositAmount;
    };
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: /Банковская карта/ }));
    await userEvent.type(await canvas.findByLabelText(/^(Сумма|Amount), USD$/), '100,5');
    await userEvent.click(canvas.getByRole('button', { name: /оплат|payment/i }));
    await expect(await canvas.findByRole('alert')).toBeVisible();
    await expect(canvas.getByLabelText(/^(Сумма|Amount), USD$/)).not.toHaveAttribute('aria-invalid');
    await expect(document.body.dataset.depositAmount).toBe('100.5');
    await pointerFocusLeft(canvasElement);
  },
};

export const AmountBelowTheLimit: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: /Банковская карта/ }));
    await userEvent.type(await canvas.findByLabelText(/^(Сумма|Amount), USD$/), '5');
    await userEvent.click(canvas.getByRole('button', { name: /оплат|payment/i }));
    await expect(canvas.getByLabelText(/^(Сумма|Amount), USD$/)).toHaveAccessibleDescription(/10[.,]00/);
  },
};

export const IntegrationRefused: Story = {
  beforeEach({ msw }) {
    msw.use(http.post('*/api/deposit/integration_json', ({ request }) => fail(request, 'internal')));
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: /Банковская карта/ }));
    await userEvent.type(await canvas.findByLabelText(/^(Сумма|Amount), USD$/), '100');
    await userEvent.click(canvas.getByRole('button', { name: /оплат|payment/i }));
    await expect(await canvas.findByRole('alert')).toBeVisible();
    await expect(canvas.getByLabelText(/^(Сумма|Amount), USD$/)).toHaveValue('100');
    await pointerFocusLeft(canvasElement);
  },
};

/** Back from the checkout: the server names the deposit's check url, which is polled until the deposit completes. */
export const BackFromCheckout: Story = {
  parameters: { route: { path: '/deposit?deposit_id=12' } },
  beforeEach({ msw }) {
    sessionStorage.setItem('wallet', 'demo');
    let checks = 0;
    msw.use(http.post('*/api/deposit/integration_json/check', () => ok({ status: (checks += 1) < 2 ? 'pending' : 'completed' })));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/зачислены|on your main wallet/, {}, { timeout: 8000 })).toBeVisible();
    // The trader was on demo (the money stories keep choices in sessionStorage): the deposited money is what they trade with next.
    await waitFor(() => expect(sessionStorage.getItem('wallet')).toBe('main'));
  },
};

export const BackFromDeclinedCheckout: Story = {
  parameters: { route: { path: '/deposit?deposit_id=13' } },
  beforeEach({ msw }) {
    msw.use(http.post('*/api/deposit/integration_json/check', () => ok({ status: 'failed' })));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/отклонён|declined/);
  },
};
