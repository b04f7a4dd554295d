import { useTranslation } from 'react-i18next';
import { Link } from './primitives/Link';
import { styled } from './stitches.config';

const Mark = styled('span', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  fontWeight: '$bold',
  fontSize: '$lg',
  color: '$text',
  letterSpacing: '0.02em',
  '& img': { height: '2rem', width: 'auto' },
});

const Dot = styled('span', { color: '$primaryText' });

export interface LogoProps {
  /** The first of site_settings.logo_url; without it the product name is drawn as text. */
  src?: string | undefined;
  href: string;
  onNavigate: (href: string) => void;
}

/** The logo, linking to /home when signed in and to / otherwise (the caller picks `href`). */
export function Logo({ src, href, onNavigate }: LogoProps) {
  const { t } = useTranslation();
  const name = t('shell.brand');
  return (
    <Link href={href} onNavigate={onNavigate} tone="nav" aria-label={t('shell.logo-home', { name })}>
      <Mark>
        {src ? (
          <img src={src} alt="" />
        ) : (
          <>
            {name}
            <Dot aria-hidden="true">•</Dot>
          </>
        )}
      </Mark>
    </Link>
  );
}
