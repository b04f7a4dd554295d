import { expect, waitFor } from 'storybook/test';

/**
 * Dialogs move the focus inside after they mount (and after their opening animation on slow
 * machines); a key pressed before that goes to the page, so a story waits for the focus first.
 */
export async function focusInside(container: HTMLElement) {
  await waitFor(() => expect(container).toContainElement(container.ownerDocument.activeElement as HTMLElement));
}
