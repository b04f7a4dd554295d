import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { Button } from '../src/ui/primitives/Button';
import { Modal } from '../src/ui/primitives/Modal';
import { onPhone } from './support/layout-checks';

const meta = {
  title: 'Components/Modal',
  component: Modal,
  args: {
    open: true,
    title: 'Подтвердите вывод',
    children: 'С основного счёта будет списано 150,00 $, комиссия 1,50 $.',
    actions: (
      <>
        <Button variant="ghost">Отмена</Button>
        <Button variant="primary">Подтвердить</Button>
      </>
    ),
    onClose: fn(),
  },
} satisfies Meta<typeof Modal>;
export default meta;
type Story = StoryObj<typeof meta>;

// The modal renders into document.body (a portal), so queries go through `screen`.
export const Open: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = screen.getByRole('dialog', { name: 'Подтвердите вывод' });
    await expect(dialog).toHaveAccessibleDescription('С основного счёта будет списано 150,00 $, комиссия 1,50 $.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Отмена' })).toHaveFocus());
    await userEvent.tab();
    await userEvent.tab();
    // Tab wraps around inside the dialog.
    await expect(screen.getByRole('button', { name: 'Отмена' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

export const BackdropCloses: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = screen.getByRole('dialog');
    await userEvent.click(dialog.parentElement!);
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    // A press inside the dialog does not close it.
    await userEvent.click(dialog);
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

/** Without buttons or text the dialog itself takes the focus, so Escape still works. */
export const TitleOnly: Story = {
  args: { children: undefined, actions: undefined },
  play: async ({ args, userEvent }) => {
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalled();
  },
};

export const LongContentCompact: Story = {
  args: {
    title: 'Условия вывода средств через банковский перевод в другие страны',
    children: 'Перевод обрабатывается банком-получателем. '.repeat(40),
  },
  ...onPhone,
};

export const Closed: Story = {
  args: { open: false },
  play: async () => {
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};
