import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Card, CardTitle } from '../src/ui/primitives/Card';

/** The surface a panel sits on: the bet history, a bet's result, the money and settings panels. */
const meta = {
  title: 'Components/Card',
  component: Card,
  subcomponents: { CardTitle },
  args: {
    children: (
      <>
        <CardTitle>Баланс</CardTitle>
        <p>Реальный счёт: 1 250,50 $</p>
      </>
    ),
  },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Баланс' })).toBeVisible();
  },
};
/** Above the page, as a bet's result is: a lighter surface and a deeper shadow. */
export const Raised: Story = { args: { raised: true } };
/** Less padding, for a card inside a list or a narrow column. */
export const Compact: Story = { args: { compact: true } };
