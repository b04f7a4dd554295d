import { expect } from 'storybook/test';

/**
 * Nothing may stick out sideways: on a phone the page would scroll horizontally. Checked on the
 * story's root and on the document (portals such as modals render outside the root).
 */
export async function expectNoSidewaysScroll(canvasElement: HTMLElement) {
  await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  const page = document.scrollingElement ?? document.documentElement;
  await expect(page.scrollWidth).toBeLessThanOrEqual(page.clientWidth);
}

/** A story on the phone viewport (375px wide) that checks the widget fits it. */
export const onPhone = {
  parameters: { viewport: { defaultViewport: 'phone' } },
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => expectNoSidewaysScroll(canvasElement),
};

/** The same check at 768px, where tables are still cards and the header is compact. */
export const onTablet = {
  parameters: { viewport: { defaultViewport: 'tablet' } },
  play: onPhone.play,
};
