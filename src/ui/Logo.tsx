import { useTranslation } from 'react-i18next';
import { Link } from './primitives/Link';
import { styled } from './stitches.config';

const Mark = styled('span', {
  display: 'inline-flex',
  alignItems: 'center',
  flexShrink: 0,
  gap: '$2',
  fontWeight: '$bold',
  fontSize: '$lg',
  // The link's colour: the name takes the nav link's hover colour with it.
  color: 'inherit',
  letterSpacing: '0.02em',
  whiteSpace: 'nowrap',
  borderRadius: '$sm',
  transition: 'background-color $fast, box-shadow $fast',
  '& img': { display: 'block', height: '2rem', width: 'auto' },
  // Under the pointer or focused from the keyboard the logo lies on the hover surface (a ghost
  // button's), spread by a shadow so nothing around it moves: a logo image has no colour to change.
  'a:hover > &, a:focus-visible > &': { backgroundColor: '$surfaceHover', boxShadow: '0 0 0 $space$1 $colors$surfaceHover' },
  variants: {
    // The header of a phone has no room for the whole name: only the emblem stays. The logo image
    // starts with its square emblem, so it is cropped to a square from the left.
    compact: {
      true: {
        '@phone': {
          '& img': { width: '2rem', objectFit: 'cover', objectPosition: 'left center' },
          '& [data-brand-name]': { display: 'none' },
        },
      },
    },
  },
});

const Dot = styled('span', { color: '$primaryText' });

/** The square emblem of the logo (a rising line in a frame), drawn when no logo image is set. */
const EmblemSvg = styled('svg', {
  width: '2rem',
  height: '2rem',
  flexShrink: 0,
  '& rect': { fill: '$surfaceRaised', stroke: '$secondary' },
  '& polyline': { stroke: '$primary' },
  '& circle': { fill: '$gold' },
});

function Emblem() {
  return (
    <EmblemSvg viewBox="0 0 36 36" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="34" height="34" rx="8" strokeWidth="2" />
      <polyline points="7,25 14,18 19,22 28,10" fill="none" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="28" cy="10" r="2.5" />
    </EmblemSvg>
  );
}

export interface LogoProps {
  /** The first of site_settings.logo_url; without it the emblem and the product name are drawn. */
  src?: string | undefined;
  href: string;
  /** Only the emblem on phones (the header); the footer keeps the whole logo. */
  compact?: boolean;
  onNavigate: (href: string) => void;
}

/** The logo, linking to /home when signed in and to / otherwise (the caller picks `href`). */
export function Logo({ src, href, compact = false, onNavigate }: LogoProps) {
  const { t } = useTranslation();
  const name = t('shell.brand');
  return (
    <Link href={href} onNavigate={onNavigate} tone="nav" aria-label={t('shell.logo-home', { name })}>
      <Mark compact={compact}>
        {src ? (
          // The default logo's size (public/logo.svg), so its room is kept before it loads; another
          // image keeps its own proportions once loaded.
          <img src={src} alt="" width={168} height={36} />
        ) : (
          <>
            <Emblem />
            <span data-brand-name="">
              {name}
              <Dot aria-hidden="true">•</Dot>
            </span>
          </>
        )}
      </Mark>
    </Link>
  );
}
