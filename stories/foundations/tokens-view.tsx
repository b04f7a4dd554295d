import type { ReactNode } from 'react';
import { AA_TEXT, contrastRatio } from '../../src/ui/contrast';
import { config, styled, theme } from '../../src/ui/stitches.config';
import { MEANING_TOKEN, MEANING_USE, STATUS_MEANING } from '../../src/ui/status-meaning';
import { colorValue, TOKEN_PAIRS } from '../../src/ui/token-pairs';

/** Token pages: everything here is read from stitches.config.ts, so a token change shows here first. */
/** One column as wide as the screen: a long command breaks, a wide table scrolls sideways (320px). */
const Page = styled('main', {
  padding: '$5',
  color: '$text',
  fontFamily: '$body',
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '$4',
  '& code': { overflowWrap: 'anywhere' },
});
const Scroller = styled('div', { overflowX: 'auto' });
const TableBox = styled('table', { borderCollapse: 'collapse', width: '100%', fontSize: '$sm', '& th, & td': { textAlign: 'left', padding: '$2', borderBottom: '1px solid $border' } });
function Table({ children }: { children: ReactNode }) {
  return (
    <Scroller>
      <TableBox>{children}</TableBox>
    </Scroller>
  );
}
const Swatch = styled('span', { display: 'inline-block', width: '2.5rem', height: '1.5rem', borderRadius: '$sm', border: '1px solid $borderStrong', verticalAlign: 'middle' });

export function TokenPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Page>
      <h1>{title}</h1>
      {children}
    </Page>
  );
}

/** Every colour token, then every text-on-background pair with its contrast ratio. */
export function ColourTokens() {
  return (
    <TokenPage title="Colours">
      <Table>
        <caption>Tokens</caption>
        <thead><tr><th scope="col">Token</th><th scope="col">Value</th><th scope="col">Swatch</th></tr></thead>
        <tbody>
          {Object.values(theme.colors).map((token) => (
            <tr key={token.token}><td>${token.token}</td><td>{token.value}</td><td><Swatch aria-hidden style={{ background: token.value }} /></td></tr>
          ))}
        </tbody>
      </Table>
      <Table>
        <caption>Text on the backgrounds it is used on (WCAG AA needs {AA_TEXT}:1)</caption>
        <thead><tr><th scope="col">Sample</th><th scope="col">Text</th><th scope="col">Background</th><th scope="col">Ratio</th></tr></thead>
        <tbody>
          {TOKEN_PAIRS.map(({ text, background }) => {
            const ratio = contrastRatio(colorValue(text), colorValue(background));
            return (
              <tr key={`${text}-${background}`}>
                <td><span style={{ color: colorValue(text), background: colorValue(background), padding: '0.25rem 0.5rem' }}>Aa 1 250,50 $</span></td>
                <td>${text}</td><td>${background}</td><td>{ratio.toFixed(2)}:1 {ratio >= AA_TEXT ? 'AA' : 'below AA'}</td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </TokenPage>
  );
}

/** What each colour means, and which status shows it. */
export function MeaningTokens() {
  const byMeaning = Object.entries(STATUS_MEANING).flatMap(([group, statuses]) => Object.entries(statuses).map(([status, meaning]) => ({ group, status, meaning })));
  return (
    <TokenPage title="Meanings">
      <Table>
        <thead><tr><th scope="col">Meaning</th><th scope="col">Token</th><th scope="col">When</th><th scope="col">Statuses</th></tr></thead>
        <tbody>
          {Object.entries(MEANING_TOKEN).map(([meaning, token]) => (
            <tr key={meaning}>
              <td><Swatch aria-hidden style={{ background: colorValue(token) }} /> {meaning}</td>
              <td>${token}</td>
              <td>{MEANING_USE[meaning as keyof typeof MEANING_USE]}</td>
              <td>{byMeaning.filter((entry) => entry.meaning === meaning).map((entry) => `${entry.group} ${entry.status}`).join(', ')}</td>
            </tr>
          ))}
          <tr><td><Swatch aria-hidden style={{ background: colorValue('primary') }} /> brand</td><td>$primary</td><td>The main action of a page; never a result.</td><td>—</td></tr>
          <tr><td><Swatch aria-hidden style={{ background: colorValue('up') }} /> up</td><td>$up</td><td>A bet on a rise, a rising price.</td><td>—</td></tr>
          <tr><td><Swatch aria-hidden style={{ background: colorValue('down') }} /> down</td><td>$down</td><td>A bet on a fall, a falling price.</td><td>—</td></tr>
        </tbody>
      </Table>
    </TokenPage>
  );
}

type Scale = Record<string, { token: string; value: string }>;

/** One scale (space, radii, font sizes, shadows), each token drawn as what it does. */
export function ScaleTokens({ title, scale, draw }: { title: string; scale: Scale; draw: (value: string) => ReactNode }) {
  return (
    <TokenPage title={title}>
      <Table>
        <thead><tr><th scope="col">Token</th><th scope="col">Value</th><th scope="col">Example</th></tr></thead>
        <tbody>
          {Object.values(scale).map((token) => (
            <tr key={token.token}><td>${token.token}</td><td>{token.value}</td><td>{draw(token.value)}</td></tr>
          ))}
        </tbody>
      </Table>
    </TokenPage>
  );
}

export function BreakpointTokens() {
  return (
    <TokenPage title="Breakpoints">
      <Table>
        <thead><tr><th scope="col">Name</th><th scope="col">Media query</th></tr></thead>
        <tbody>
          {Object.entries(config.media).map(([name, query]) => (
            <tr key={name}><td>@{name}</td><td>{query}</td></tr>
          ))}
        </tbody>
      </Table>
    </TokenPage>
  );
}
