import { expect, waitFor } from 'storybook/test';

/**
 * Dialogs move the focus inside after they mount (and after their opening animation on slow
 * machines); a key pressed before that goes to the page, so a story waits for the focus first.
 */
export async function focusInside(container: HTMLElement) {
  await waitFor(() => expect(container).toContainElement(container.ownerDocument.activeElement as HTMLElement));
}

/**
 * Ends a story whose trader pressed a button with the pointer with nothing focused, as it looks
 * to them: a pointer press draws no focus ring. Whether the pressed button still holds the focus
 * when the answer has come depends on whether its busy state (disabled, which drops the focus) was
 * drawn in between, so without this its ring shows in some runs and not in others.
 */
export async function pointerFocusLeft(canvasElement: HTMLElement) {
  const page = canvasElement.ownerDocument;
  if (page.activeElement instanceof HTMLElement) page.activeElement.blur();
  await waitFor(() => expect(page.activeElement).toBe(page.body));
}
