import { useTranslation } from 'react-i18next';
import { ClockIcon, ShieldIcon, TrendUpIcon, WalletIcon } from './icons';
import { Link } from './primitives/Link';
import { formatPayout } from './format';
import { styled } from './stitches.config';

const Section = styled('section', {
  padding: '$8 $4',
  '@phone': { padding: '$6 $3' },
  variants: { tint: { true: { backgroundColor: '$surface' } } },
});
const Inner = styled('div', { maxWidth: '$content', margin: '0 auto' });
const Heading = styled('h2', { fontSize: '$2xl', fontWeight: '$bold', lineHeight: '$tight', marginBottom: '$5', textAlign: 'center' });
const Grid = styled('div', {
  display: 'grid',
  gap: '$4',
  gridTemplateColumns: '1fr',
  '@md': { gridTemplateColumns: 'repeat(3, 1fr)' },
  variants: { four: { true: { '@md': { gridTemplateColumns: 'repeat(2, 1fr)' }, '@lg': { gridTemplateColumns: 'repeat(4, 1fr)' } } } },
});
const Tile = styled('div', {
  padding: '$5',
  borderRadius: '$lg',
  backgroundColor: '$surfaceRaised',
  border: '1px solid $border',
  '& svg': { width: '$icon', height: '$icon', color: '$secondaryText', marginBottom: '$3' },
  '& h3': { fontSize: '$lg', marginBottom: '$2' },
  '& p': { color: '$textMuted', fontSize: '$sm' },
});
const Actions = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$3', justifyContent: 'center' });

const HeroWrap = styled('section', {
  padding: '$9 $4 $8',
  textAlign: 'center',
  background: 'radial-gradient(ellipse at top, #1b2a55 0%, #0b1120 65%)',
  '@phone': { padding: '$7 $3 $6' },
});
const HeroTitle = styled('h1', {
  fontSize: '$4xl',
  fontWeight: '$bold',
  lineHeight: '$tight',
  maxWidth: '48rem',
  margin: '0 auto $4',
  '@phone': { fontSize: '$2xl' },
  '& em': { fontStyle: 'normal', color: '$primaryText' },
});
const HeroText = styled('p', { color: '$textMuted', fontSize: '$lg', maxWidth: '40rem', margin: '0 auto $6' });

export interface LandingProps {
  /** Signed-in visitors are sent to the platform instead of the signup. */
  authenticated: boolean;
  /** Pairs with their payout percent, when the market is loaded. */
  pairs?: readonly { symbol: string; payout: number }[];
  onNavigate: (href: string) => void;
}

function CallToAction({ authenticated, onNavigate }: Pick<LandingProps, 'authenticated' | 'onNavigate'>) {
  const { t } = useTranslation();
  return authenticated ? (
    <Actions>
      <Link href="/home" onNavigate={onNavigate} button="primary" size="lg">
        {t('shell.landing-open-platform')}
      </Link>
    </Actions>
  ) : (
    <Actions>
      <Link href="/signup" onNavigate={onNavigate} button="primary" size="lg">
        {t('shell.landing-start')}
      </Link>
      <Link href="/login" onNavigate={onNavigate} button="outline" size="lg">
        {t('shell.login')}
      </Link>
    </Actions>
  );
}

function LandingHero(props: Pick<LandingProps, 'authenticated' | 'onNavigate'>) {
  const { t } = useTranslation();
  return (
    <HeroWrap aria-labelledby="landing-hero-title">
      <HeroTitle id="landing-hero-title">{t('shell.landing-hero-title')}</HeroTitle>
      <HeroText>{t('shell.landing-hero-text')}</HeroText>
      <CallToAction {...props} />
    </HeroWrap>
  );
}

function LandingHowItWorks() {
  const { t } = useTranslation();
  const steps = [
    { icon: <TrendUpIcon />, title: t('shell.landing-step1-title'), text: t('shell.landing-step1-text') },
    { icon: <ClockIcon />, title: t('shell.landing-step2-title'), text: t('shell.landing-step2-text') },
    { icon: <WalletIcon />, title: t('shell.landing-step3-title'), text: t('shell.landing-step3-text') },
  ];
  return (
    <Section aria-labelledby="landing-how-title">
      <Inner>
        <Heading id="landing-how-title">{t('shell.landing-how-title')}</Heading>
        <Grid as="ol" css={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {steps.map((step) => (
            <Tile as="li" key={step.title}>
              {step.icon}
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </Tile>
          ))}
        </Grid>
      </Inner>
    </Section>
  );
}

const PairList = styled('ul', {
  listStyle: 'none',
  margin: '0 0 $6',
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$2',
  justifyContent: 'center',
  '& li': {
    display: 'flex',
    gap: '$2',
    padding: '$2 $3',
    borderRadius: '$pill',
    border: '1px solid $border',
    backgroundColor: '$bg',
    fontSize: '$sm',
  },
  '& strong': { color: '$successText' },
});

function LandingBenefits({ pairs = [] }: Pick<LandingProps, 'pairs'>) {
  const { t, i18n } = useTranslation();
  const benefits = [
    { icon: <TrendUpIcon />, title: t('shell.landing-benefit-payout-title'), text: t('shell.landing-benefit-payout-text') },
    { icon: <ClockIcon />, title: t('shell.landing-benefit-fast-title'), text: t('shell.landing-benefit-fast-text') },
    { icon: <WalletIcon />, title: t('shell.landing-benefit-demo-title'), text: t('shell.landing-benefit-demo-text') },
    { icon: <ShieldIcon />, title: t('shell.landing-benefit-safe-title'), text: t('shell.landing-benefit-safe-text') },
  ];
  return (
    <Section tint aria-labelledby="landing-benefits-title">
      <Inner>
        <Heading id="landing-benefits-title">{t('shell.landing-benefits-title')}</Heading>
        {pairs.length > 0 && (
          <PairList aria-label={t('shell.landing-pairs')}>
            {pairs.map((pair) => (
              <li key={pair.symbol}>
                <span>{pair.symbol}</span>
                <strong>{t('shell.landing-payout', { percent: formatPayout(pair.payout, i18n.language) })}</strong>
              </li>
            ))}
          </PairList>
        )}
        <Grid four>
          {benefits.map((benefit) => (
            <Tile key={benefit.title}>
              {benefit.icon}
              <h3>{benefit.title}</h3>
              <p>{benefit.text}</p>
            </Tile>
          ))}
        </Grid>
      </Inner>
    </Section>
  );
}

function LandingCta(props: Pick<LandingProps, 'authenticated' | 'onNavigate'>) {
  const { t } = useTranslation();
  return (
    <Section aria-labelledby="landing-cta-title">
      <Inner css={{ textAlign: 'center' }}>
        <Heading id="landing-cta-title">{t('shell.landing-cta-title')}</Heading>
        <HeroText>{t('shell.landing-cta-text')}</HeroText>
        <CallToAction {...props} />
      </Inner>
    </Section>
  );
}

/** / and /landing/first: hero, how it works, pairs and benefits, call to action. */
export function LandingPage({ authenticated, pairs, onNavigate }: LandingProps) {
  return (
    <>
      <LandingHero authenticated={authenticated} onNavigate={onNavigate} />
      <LandingHowItWorks />
      <LandingBenefits pairs={pairs ?? []} />
      <LandingCta authenticated={authenticated} onNavigate={onNavigate} />
    </>
  );
}
