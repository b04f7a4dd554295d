import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { expect, fn, within } from 'storybook/test';
import { LanguageToggle } from '../src/ui/LanguageToggle';
import { SoundToggle } from '../src/ui/SoundToggle';
import { languages } from './support/shell-fixtures';
import type { PreviewState } from './support/state-matrix';
import { expectRealFocus, expectRealHover, InState, MATRIX_PARAMETERS, StateMatrix } from './support/state-matrix';

const meta = {
  title: 'Components/Toggles',
  component: LanguageToggle,
  subcomponents: { SoundToggle },
  args: { languages, current: 'ru', onChange: fn() },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof LanguageToggle>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The one item a Tab reaches in a menu: the others wait at tabIndex -1 (roving tabindex). */
const tabStops = (menu: HTMLElement) =>
  within(menu).getAllByRole('menuitemradio').filter((item) => item.tabIndex === 0).map((item) => item.textContent);

export const LanguageClosed: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: /Язык: Русский/ });
    await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Tab}');
    await expect(trigger).toHaveFocus();
    // Enter opens the menu on the chosen language.
    await userEvent.keyboard('{Enter}');
    const menu = canvas.getByRole('menu', { name: 'Язык' });
    // Every language under its own name, in its own language.
    await expect(within(menu).getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual(languages.map((language) => language.name));
    await expect(within(menu).getByRole('menuitemradio', { name: 'العربية' })).toHaveAttribute('lang', 'ar');
    await expect(within(menu).getByRole('menuitemradio', { name: 'Русский' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(within(menu).getByRole('menuitemradio', { name: 'Português (Brasil)' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onChange).toHaveBeenCalledWith('pt-BR');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger).toHaveFocus();
    // Choosing the current language is passed on too: the app refreshes the page then.
    await userEvent.keyboard('{Enter}{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('ru');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  },
};

/**
 * The list open on the current language, moved through with the keyboard; nothing is chosen. The
 * toggle sits at the inline end, as in the header: the list hangs from there towards the start.
 */
export const LanguageOpen: Story = {
  args: { defaultOpen: true },
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 16, minHeight: 420 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ args, canvas, userEvent }) => {
    const menu = canvas.getByRole('menu', { name: 'Язык' });
    const item = (name: string) => within(menu).getByRole('menuitemradio', { name });
    await expect(item('Русский')).toHaveAttribute('aria-checked', 'true');
    await expect(item('English')).toHaveAttribute('aria-checked', 'false');
    await expect(item('Русский')).toHaveFocus();
    await expect(tabStops(menu)).toEqual(['Русский']);
    // Up from the first goes round to the last, Down from the last back to the first.
    await userEvent.keyboard('{ArrowUp}');
    await expect(item('简体中文')).toHaveFocus();
    await expect(tabStops(menu)).toEqual(['简体中文']);
    await userEvent.keyboard('{ArrowDown}');
    await expect(item('Русский')).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(item('简体中文')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(item('Русский')).toHaveFocus();
    await expect(menu).toBeVisible();
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/** Escape closes the menu with focus back on its button; Up on the button opens it at the last item. */
export const LanguageDismissed: Story = {
  parameters: { sameFrameAs: { story: 'LanguageClosed', why: 'the interaction is the state: Escape ends with the menu closed and nothing chosen, the closed toggle' } },
  play: async ({ args, canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: /Язык: Русский/ });
    await userEvent.keyboard('{Tab}{ArrowUp}');
    await expect(within(canvas.getByRole('menu', { name: 'Язык' })).getByRole('menuitemradio', { name: '简体中文' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('menu', { name: 'Язык' })).toBeNull();
    await expect(trigger).toHaveFocus();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/** Mirrored (right to left): Up and Down keep their meaning, the menu opens under its button. */
export const LanguageMenuMirrored: Story = {
  args: { current: 'ar' },
  render: (args) => (
    <div dir="rtl">
      <LanguageToggle {...args} />
    </div>
  ),
  play: async ({ args, canvas, userEvent }) => {
    const trigger = canvas.getByRole('button', { name: /العربية/ });
    await userEvent.keyboard('{Tab}{ArrowDown}');
    const menu = canvas.getByRole('menu', { name: 'Язык' });
    await expect(within(menu).getByRole('menuitemradio', { name: 'العربية' })).toHaveFocus();
    await expect(within(menu).getByRole('menuitemradio', { name: 'العربية' })).toHaveAttribute('aria-checked', 'true');
    // It hangs from the button's inline end, which is its left edge here.
    await expect(Math.round(menu.getBoundingClientRect().left)).toBe(Math.round(trigger.getBoundingClientRect().left));
    await userEvent.keyboard('{ArrowUp}');
    await expect(within(menu).getByRole('menuitemradio', { name: 'हिन्दी' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onChange).toHaveBeenCalledWith('hi');
    await expect(trigger).toHaveFocus();
  },
};

export const LanguageListInline: Story = {
  args: { inline: true, current: 'ar' },
  play: async ({ args, canvas, userEvent }) => {
    const menu = canvas.getByRole('menu', { name: 'Язык' });
    await expect(within(menu).getByRole('menuitemradio', { name: 'العربية' })).toHaveAttribute('aria-checked', 'true');
    // One Tab stop, on the chosen language; Down to the next, Enter chooses.
    await userEvent.keyboard('{Tab}');
    await expect(within(menu).getByRole('menuitemradio', { name: 'العربية' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(menu).getByRole('menuitemradio', { name: '简体中文' })).toHaveFocus();
    await expect(tabStops(menu)).toEqual(['简体中文']);
    await userEvent.keyboard('{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith('zh-CN');
    // Tab leaves the menu at once: its other items are not Tab stops.
    await userEvent.keyboard('{Tab}');
    await expect(menu).not.toContainElement(document.activeElement as HTMLElement);
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

const TOGGLE_STATES: (PreviewState | undefined)[] = [undefined, 'hover', 'focus-visible'];

/** The language button and the sound switch (on, off, with its label) at rest, hovered and focused. */
export const EveryToggleInEveryState: Story = {
  parameters: MATRIX_PARAMETERS,
  render: (args) => {
    const toggles: [string, ReactNode][] = [
      ['language', <LanguageToggle key="language" {...args} />],
      ['sound-on', <SoundToggle key="on" enabled onToggle={() => undefined} />],
      ['sound-off', <SoundToggle key="off" enabled={false} onToggle={() => undefined} />],
      ['sound-labelled', <SoundToggle key="labelled" enabled withLabel onToggle={() => undefined} />],
    ];
    const rows = toggles.map(([key, toggle]) => ({
      key,
      cells: TOGGLE_STATES.map((state) => (
        <InState key={state ?? 'rest'} state={state}>
          {toggle}
        </InState>
      )),
    }));
    return <StateMatrix rows={rows} />;
  },
  play: async ({ canvas, userEvent }) => {
    const [, hovered, focused] = canvas.getAllByRole('button', { name: /Язык: Русский/ });
    await expectRealHover(hovered!, 'borderColor');
    await expectRealFocus(focused!, 'boxShadow', () => userEvent.tab());
    const [, hoveredSound] = canvas.getAllByRole('switch', { name: 'Звук' });
    await expectRealHover(hoveredSound!, 'backgroundColor');
  },
};
