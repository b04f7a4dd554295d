import { restartStoryClock } from './story-clock';
import { ArgTypes, Description, DocsContainer, Primary, Stories, Subtitle, Title } from '@storybook/addon-docs/blocks';
import type { DocsContainerProps } from '@storybook/addon-docs/blocks';
import type { Decorator, Preview } from '@storybook/react-vite';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import type { ReactNode } from 'react';
import { useLayoutEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { configure } from 'storybook/test';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { LOCALES, localeDirection } from '../src/api/contract/envelope';
import { LANGUAGE_NAMES } from '../src/routes/shell/language-names';
import { globalStyles } from '../src/ui/stitches.config';
import { handlers } from '../tests/msw/handlers';
import { withFixtureLanguage } from '../stories/support/fixture-text';
import { storyI18n } from './i18n';
import { RUN_VIEWPORT, WithInitialViewport } from './initial-viewport';
import { watchWorker } from './story-problems';

// findBy and waitFor wait up to 5 s instead of 1 s: stories run as tests on two shared cores,
// where a lazy chunk or a fade can take longer than a second without anything being wrong.
configure({ asyncUtilTimeout: 5000 });

const withTheme: Decorator = (Story) => {
  globalStyles();
  return <Story />;
};

/** The toolbar's language; the text switches without reloading the story. */
const withLanguage: Decorator = (Story, context) => {
  const locale = (context.globals.locale as string | undefined) ?? 'ru';
  if (storyI18n.language !== locale) void storyI18n.changeLanguage(locale);
  return (
    <I18nextProvider i18n={storyI18n}>
      <HtmlLang locale={locale} />
      <Story />
    </I18nextProvider>
  );
};

/** The toolbar's language on <html>, with its direction: Arabic shows every story mirrored. */
function HtmlLang({ locale }: { locale: string }) {
  useLayoutEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = localeDirection(locale);
  }, [locale]);
  return null;
}

/**
 * Route stories start at `parameters.route.path` in an in-memory location, so links and
 * redirects navigate inside the story instead of reloading the preview.
 */
function MemoryRouter({ path, children }: { path: string; children: ReactNode }) {
  const [location] = useState(() => memoryLocation({ path, record: true }));
  return (
    <Router hook={location.hook} searchHook={location.searchHook}>
      {children}
    </Router>
  );
}

const withRouter: Decorator = (Story, context) => {
  const path = (context.parameters.route as { path?: string } | undefined)?.path ?? '/';
  return (
    <MemoryRouter path={path}>
      <Story />
    </MemoryRouter>
  );
};

/** A docs page is the document's main content: its one main landmark, holding every region. */
function DocsFrame({ children, context }: DocsContainerProps & { children: ReactNode }) {
  return (
    <DocsContainer context={context}>
      <main>{children}</main>
    </DocsContainer>
  );
}

/**
 * Storybook's autodocs page with the props table read-only (ArgTypes, with a tab per
 * subcomponent) instead of the controls: a designer reads the props here and plays with them in
 * the story's Controls panel.
 */
function DocsPage() {
  return (
    <>
      <Title />
      <Subtitle />
      <Description of="meta" />
      <Primary />
      <ArgTypes />
      <Stories />
    </>
  );
}

const preview: Preview = {
  // A docs page for every component; route stories and the foundations' own pages opt out with '!autodocs'.
  tags: ['autodocs'],
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker(...handlers);
      await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
      watchWorker(worker);
      return worker;
    }),
  ],
  decorators: [withFixtureLanguage, withRouter, withLanguage, withTheme, WithInitialViewport],
  // Every story starts from clean browser storage: the app keeps choices there (wallet, pair,
  // sound, language), and one story's choice must not decide what the next one shows. And at the
  // same instant (./story-clock.ts).
  beforeEach: () => {
    restartStoryClock();
    localStorage.clear();
    sessionStorage.clear();
  },
  globalTypes: {
    locale: {
      description: 'Language',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: LOCALES.map((code) => ({ value: code, title: LANGUAGE_NAMES[code], right: code })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'ru', backgrounds: { value: 'dark' } },
  parameters: {
    layout: 'fullscreen',
    a11y: { test: 'error' },
    backgrounds: { options: { dark: { name: 'Dark', value: '#0b1120' } } },
    // Review links open a story at a width: add `&globals=viewport:phone` to its URL (the keys
    // below; stories/foundations/Introduction.stories.tsx lists them).
    viewport: {
      defaultViewport: RUN_VIEWPORT,
      options: {
        narrow: { name: 'Narrow phone', styles: { width: '320px', height: '640px' }, type: 'mobile' },
        phone: { name: 'Phone', styles: { width: '375px', height: '740px' }, type: 'mobile' },
        // Between the phone and the desktop: the header is compact under 992px and takes two
        // rows up to 1200px.
        tablet: { name: 'Tablet', styles: { width: '768px', height: '1024px' }, type: 'tablet' },
        laptop: { name: 'Laptop', styles: { width: '1024px', height: '768px' }, type: 'desktop' },
        desktop: { name: 'Desktop', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
        wide: { name: 'Wide desktop', styles: { width: '1920px', height: '1080px' }, type: 'desktop' },
      },
    },
    docs: { container: DocsFrame, page: DocsPage },
    controls: { matchers: { color: /(background|color)$/i } },
  },
};

export default preview;
