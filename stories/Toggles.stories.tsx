import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
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

export const LanguageClosed: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: /Язык: Русский/ });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    const list = within(canvas.getByRole('group', { name: 'Язык' }));
    // Every language under its own name, in its own language.
    await expect(list.getAllByRole('button').map((option) => option.textContent)).toEqual(languages.map((language) => language.name));
    await expect(list.getByRole('button', { name: 'العربية' })).toHaveAttribute('lang', 'ar');
    await userEvent.click(list.getByRole('button', { name: 'Português (Brasil)' }));
    await expect(args.onChange).toHaveBeenCalledWith('pt-BR');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  },
};

export const LanguageOpen: Story = {
  args: { defaultOpen: true },
  play: async ({ args, canvas, userEvent }) => {
    const list = within(canvas.getByRole('group', { name: 'Язык' }));
    await expect(list.getByRole('button', { name: 'Русский' })).toHaveAttribute('aria-pressed', 'true');
    // Choosing the current language is passed on too: the app refreshes the page then.
    await userEvent.click(list.getByRole('button', { name: 'Русский' }));
    await expect(args.onChange).toHaveBeenCalledWith('ru');
  },
};

export const LanguageListInline: Story = {
  args: { inline: true, current: 'ar' },
  play: async ({ args, canvas, userEvent }) => {
    const list = within(canvas.getByRole('group', { name: 'Язык' }));
    await expect(list.getByRole('button', { name: 'العربية' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(list.getByRole('button', { name: '简体中文' }));
    await expect(args.onChange).toHaveBeenCalledWith('zh-CN');
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
