import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { LanguageToggle } from '../src/ui/LanguageToggle';
import { SoundToggle } from '../src/ui/SoundToggle';
import { languages } from './support/shell-fixtures';

const meta = {
  title: 'Components/Toggles',
  component: LanguageToggle,
  args: { languages, current: 'ru', onChange: fn() },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof LanguageToggle>;
export default meta;
type Story = StoryObj<typeof meta>;

export const LanguageChoice: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('group', { name: 'Язык' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: /Русский/ })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(canvas.getByRole('button', { name: /English/ }));
    await expect(args.onChange).toHaveBeenCalledWith('en');
  },
};

export const LanguageSameAgain: Story = {
  play: async ({ args, canvas, userEvent }) => {
    // Choosing the current language is passed on too: the app refreshes the page then.
    await userEvent.click(canvas.getByRole('button', { name: /Русский/ }));
    await expect(args.onChange).toHaveBeenCalledWith('ru');
  },
};


/** The second language is the current one: its button is pressed, the group keeps the toolbar's language. */
export const LanguageOtherCurrent: Story = {
  args: { current: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /English/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: /Русский/ })).toHaveAttribute('aria-pressed', 'false');
  },
};

export const SoundOn: StoryObj<typeof SoundToggle> = {
  render: (args) => <SoundToggle {...args} />,
  args: { enabled: true, onToggle: fn() },
  play: async ({ args, canvas, userEvent }) => {
    const toggle = canvas.getByRole('switch', { name: 'Звук' });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(toggle);
    await expect(args.onToggle).toHaveBeenCalledWith(false);
  },
};

export const SoundOffWithLabel: StoryObj<typeof SoundToggle> = {
  render: (args) => <SoundToggle {...args} />,
  args: { enabled: false, withLabel: true, onToggle: fn() },
  play: async ({ args, canvas, userEvent }) => {
    const toggle = canvas.getByRole('switch', { name: 'Звук' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.keyboard('{Tab}');
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onToggle).toHaveBeenCalledWith(true);
  },
};
