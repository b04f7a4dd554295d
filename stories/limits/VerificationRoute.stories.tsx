import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import VerificationRoute from '../../src/routes/settings/verification-route';
import { withMoneyApp } from '../money/money-route-decorator';
import { pointerFocusLeft } from '../support/focus';

/** The verification page on the app's own wiring and the real verification machine, answered by msw. */
const meta = {
  title: 'Screens/Limits/Verification',
  // A route runs its statecharts against msw: its stories are the page, a props table says nothing.
  tags: ['!autodocs'],
  component: VerificationRoute,
  decorators: [withMoneyApp],
  parameters: { route: { path: '/settings/verification' } },
} satisfies Meta<typeof VerificationRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SendAgain: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.upload(await canvas.findByLabelText(/^Подтверждение адреса/), new File(['%PDF-1.4'], 'bill.pdf', { type: 'application/pdf' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(canvas.getByText(/^Отправлено .*, ждёт проверки$/)).toBeVisible());
    // The file is read in the page before it is sent: whether the busy state was drawn before the
    // answer (and took the pressed button's focus) varies, so the story ends with nothing focused.
    await pointerFocusLeft(canvasElement);
  },
};

export const FileRefused: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    // Named and typed as a PDF, but a program by its content: refused as the server refuses it.
    await userEvent.upload(await canvas.findByLabelText(/^Подтверждение адреса/), new File(['MZ\x90\x00'], 'bill.pdf', { type: 'application/pdf' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('Можно приложить только JPG, PNG или PDF'));
    // Refused in the page, as Send Again's answer: ends with nothing focused for the same reason.
    await pointerFocusLeft(canvasElement);
  },
};
