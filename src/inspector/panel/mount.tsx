import { createRoot, type Root } from 'react-dom/client';
import type { ActorTracker } from '../actor-tracker';
import type { Recorder } from '../recorder';
import { InspectorPanel } from './InspectorPanel';
import { panelCss } from './styles';

const HOST_ID = 'statechart-inspector';
const OPEN_ATTRIBUTE = 'data-statechart-inspector';

/**
 * Docking, in the page's own styles: the panel takes the right side (or, on a phone, the lower
 * part of the screen) and the page shrinks into the rest. The body becomes the containing block of
 * the page's fixed elements (transform), so the trading controls fixed to the bottom of a phone's
 * screen sit above the panel instead of under it.
 */
const dockCss = `
#${HOST_ID} { position: fixed; z-index: 2147483647; top: 0; right: 0; width: 440px; height: 100vh; }
html[${OPEN_ATTRIBUTE}] { overflow: hidden; }
html[${OPEN_ATTRIBUTE}] body { transform: translateZ(0); overflow: auto; height: 100vh; min-height: 0; margin-right: 440px; }
@media (max-width: 899px) {
  #${HOST_ID} { top: auto; bottom: 0; width: 100vw; height: 45vh; }
  html[${OPEN_ATTRIBUTE}] body { margin-right: 0; height: 55vh; }
}
`;

export interface MountedPanel {
  open(): void;
  close(): void;
  toggle(): void;
}

/**
 * A React root in `host`'s shadow root, with the panel's own styles (its styles and the page's stay
 * apart). A host shown before (Storybook's panel after the preview reloaded) is emptied first.
 */
export function shadowRootIn(host: HTMLElement): Root {
  const document = host.ownerDocument;
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = panelCss;
  const container = document.createElement('div');
  container.style.height = '100%';
  shadow.replaceChildren(style, container);
  return createRoot(container);
}

/** The panel in its own shadow root beside the page's body (its styles and the page's stay apart). */
export function mountPanel(tracker: ActorTracker, recorder: Recorder, document: Document): MountedPanel {
  let root: Root | null = null;
  let host: HTMLElement | null = null;
  const pageStyle = document.createElement('style');
  pageStyle.textContent = dockCss;
  const close = () => {
    root?.unmount();
    host?.remove();
    pageStyle.remove();
    document.documentElement.removeAttribute(OPEN_ATTRIBUTE);
    root = null;
    host = null;
  };
  const open = () => {
    if (root) return;
    host = document.createElement('div');
    host.id = HOST_ID;
    root = shadowRootIn(host);
    document.head.append(pageStyle);
    document.documentElement.append(host);
    document.documentElement.setAttribute(OPEN_ATTRIBUTE, '');
    root.render(<InspectorPanel recorder={recorder} tracker={tracker} initialActor="betSlip" onClose={close} />);
  };
  return { open, close, toggle: () => (root ? close() : open()) };
}
