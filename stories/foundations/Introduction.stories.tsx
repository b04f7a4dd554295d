import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { TokenPage } from './tokens-view';

/** How the workbench is organised and used: the first page a designer or developer opens. */
function Introduction() {
  return (
    <TokenPage title="The workbench">
      <section aria-labelledby="layers">
        <h2 id="layers">How the library is organised</h2>
        <p>Five roots, one per layer: Foundations (tokens, this page), Components (the primitives of src/ui/primitives and small widgets), Patterns (widgets of one area: shell, trading, money, forms, support, limits), Screens (whole routes of src/routes) and Back office.</p>
        <p>A story's name says the state it shows. Language, theme and width come from the toolbar; no story locks them. A state that exists only on a small screen opens at that width, and the toolbar can still change it.</p>
      </section>
      <section aria-labelledby="widths">
        <h2 id="widths">Widths and languages in review links</h2>
        <p>Widths: narrow (320 px), phone (375), tablet (768), laptop (1024), desktop (1280), wide (1920). Add them to a story's address to share it at that width and language, for example <code>&amp;globals=viewport:phone;locale:en</code>.</p>
      </section>
      <section aria-labelledby="add">
        <h2 id="add">Adding a widget</h2>
        <p>A widget in src/ui takes props and calls callbacks; it never fetches. Its stories go in stories/ under the layer's root: one story per state, a play function for its interaction, and the accessibility check must pass. Run them with <code>npx vitest run --project storybook stories/&lt;file&gt;</code>.</p>
      </section>
      <section aria-labelledby="routes">
        <h2 id="routes">Route stories</h2>
        <p>Screens render the real route with the real statecharts of src/machines and the real api client; msw (tests/msw) plays the server, and a story changes a handler in its beforeEach to show an error or an empty list.</p>
      </section>
    </TokenPage>
  );
}

// The introduction is a page already; a docs page would repeat it.
const meta = { title: 'Foundations/Introduction', component: Introduction, tags: ['!autodocs'] } satisfies Meta<typeof Introduction>;
export default meta;

export const Overview: StoryObj<typeof meta> = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Route stories' })).toBeVisible();
  },
};
