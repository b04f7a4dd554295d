import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { Logo } from '../src/ui/Logo';
import { onPhone } from './support/layout-checks';
import type { PreviewState } from './support/state-matrix';
import { expectRealFocus, expectRealHover, InState, MATRIX_PARAMETERS, StateMatrix } from './support/state-matrix';

const meta = {
  title: 'Components/Logo',
  component: Logo,
  args: { href: '/', onNavigate: fn() },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof Logo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Without a logo image (site_settings.logo_url): the emblem and the product's name. */
export const Emblem: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const link = canvas.getByRole('link', { name: /на главную/ });
    await userEvent.click(link);
    await expect(args.onNavigate).toHaveBeenCalledWith('/');
  },
};

export const WithImage: Story = {
  args: { src: '/logo.svg', href: '/home' },
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: /на главную/ });
    await expect(link).toHaveAttribute('href', '/home');
    await waitFor(() => expect(link.querySelector('img')!.naturalWidth).toBeGreaterThan(0));
  },
};

/** The header's logo on a phone: only the emblem, the name is left out. */
export const CompactLayout: Story = {
  args: { compact: true },
  ...onPhone,
  play: async (context) => {
    await onPhone.play(context);
    await expect(context.canvas.getByText(/•/).closest('[data-brand-name]')).not.toBeVisible();
  },
};

const STATES: (PreviewState | undefined)[] = [undefined, 'hover', 'focus-visible'];

/** Both logos (emblem, image) at rest, under the pointer and focused from the keyboard: on the hover surface in both states. */
export const EveryState: Story = {
  render: (args) => (
    <StateMatrix
      rows={[undefined, '/logo.svg'].map((src) => ({
        key: src ? 'image' : 'emblem',
        cells: STATES.map((state) => (
          <InState key={state ?? 'rest'} state={state}>
            <Logo {...args} src={src} />
          </InState>
        )),
      }))}
    />
  ),
  parameters: { layout: 'padded', ...MATRIX_PARAMETERS },
  play: async ({ canvas, userEvent }) => {
    const [rest, hovered, focused] = canvas.getAllByRole('link', { name: /на главную/ });
    // Under the pointer and focused, the logo lies on the hover surface, which a logo image shows too.
    const surface = (link: HTMLElement | undefined) => getComputedStyle(link!.firstElementChild!).backgroundColor;
    await waitFor(() => expect(surface(hovered)).not.toBe(surface(rest)));
    await waitFor(() => expect(surface(focused)).toBe(surface(hovered)));
    // The link and the name take the hover colour; the ring goes round the whole link.
    await expectRealHover(hovered!, 'color');
    await expectRealFocus(focused!, 'outlineStyle', () => userEvent.tab());
  },
};
