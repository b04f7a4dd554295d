import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Pagination } from '../src/ui/Pagination';
import { onPhone } from './support/layout-checks';

const meta = {
  title: 'Components/Pagination',
  component: Pagination,
  args: { page: 1, totalPages: 12, onChange: fn() },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof Pagination>;
export default meta;
type Story = StoryObj<typeof meta>;

const pageLabels = (canvasElement: HTMLElement) => [...canvasElement.querySelectorAll('li')].map((li) => li.textContent);

export const FirstPage: Story = {
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await expect(pageLabels(canvasElement)).toEqual(['', '1', '2', '3', '…', '12', '']);
    await expect(canvas.getByRole('button', { name: 'Страница 1' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('button', { name: 'Предыдущая страница' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Следующая страница' }));
    await expect(args.onChange).toHaveBeenCalledWith(2);
  },
};

export const MiddlePage: Story = {
  args: { page: 6 },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await expect(pageLabels(canvasElement)).toEqual(['', '1', '…', '4', '5', '6', '7', '8', '…', '12', '']);
    await userEvent.click(canvas.getByRole('button', { name: 'Страница 12' }));
    await expect(args.onChange).toHaveBeenCalledWith(12);
    await userEvent.click(canvas.getByRole('button', { name: 'Предыдущая страница' }));
    await expect(args.onChange).toHaveBeenCalledWith(5);
  },
};

export const LastPage: Story = {
  args: { page: 12 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Следующая страница' })).toBeDisabled();
  },
};

export const SinglePage: Story = {
  args: { totalPages: 1 },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('navigation')).toBeNull();
  },
};


export const CompactLayout: Story = { args: { page: 6 }, ...onPhone };
