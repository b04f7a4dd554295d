import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../shared/duration';
import { Button } from '../primitives/Button';
import { styled } from '../stitches.config';
import { SegmentedRadio } from '../trading/Segments';
import { Actions, Money, ProblemNotice, Section, SectionTitle } from './parts';
import type { LeaderboardRowView, TournamentView } from './types';

export interface TournamentPanelProps {
  /** Null while loading. */
  tournament: TournamentView | null;
  leaderboard: readonly LeaderboardRowView[];
  /** The trader's own row, also when outside the top; null when not joined. */
  you: LeaderboardRowView | null;
  /** Epoch ms, ticking in the container, for the time left. */
  now: number;
  joining?: boolean;
  /** Already translated. */
  problem?: string | null;
  /** Every running tournament; with more than one the trader picks the one shown. */
  choices?: readonly (Pick<TournamentView, 'id' | 'name'> & { joined?: boolean })[];
  onSelect?: (id: number) => void;
  onJoin: () => void;
  onRetry?: () => void;
}

const Facts = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(8rem, 1fr))',
  gap: '$3',
  margin: 0,
  '& dt': { fontSize: '$xs', color: '$textMuted' },
  '& dd': { margin: 0, fontWeight: '$bold' },
});

const Board = styled('table', {
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: '$sm',
  '& th': { textAlign: 'start', color: '$textMuted', fontWeight: '$medium', padding: '$1 $2', borderBottom: '1px solid $border' },
  '& td': { padding: '$2', borderBottom: '1px solid $border' },
  '& td:last-child, & th:last-child': { textAlign: 'end' },
  '& tr[data-you]': { backgroundColor: '$secondarySoft' },
});

/** Seconds until the end, in whole minutes rounded up (the last minute reads '1m'); null when it has ended. */
function secondsLeft(endsAt: string, now: number): number | null {
  const ms = Date.parse(endsAt) - now;
  return ms > 0 ? Math.ceil(ms / 60_000) * 60 : null;
}

/** The running tournament: join it, the time left, the prizes, the leaderboard and your rank. */
export function TournamentPanel({ tournament, leaderboard, you, now, joining = false, problem, choices = [], onSelect, onJoin, onRetry }: TournamentPanelProps) {
  const { t, i18n } = useTranslation();
  const inAnother = tournament !== null && choices.some((choice) => choice.id !== tournament.id && choice.joined === true);
  if (!tournament) {
    return (
      <Section aria-labelledby="tournament-title" css={{ maxWidth: 'none' }}>
        <SectionTitle id="tournament-title">{t('money.tournament.title')}</SectionTitle>
        {problem ? <ProblemNotice message={problem} onRetry={onRetry} /> : <p role="status">{t('money.tournament.loading')}</p>}
      </Section>
    );
  }
  const left = secondsLeft(tournament.ends_at, now);
  const youInTop = leaderboard.some((row) => row.is_you);
  const rows = you && !youInTop ? [...leaderboard, you] : leaderboard;
  return (
    <Section aria-labelledby="tournament-title" css={{ maxWidth: 'none' }} data-testid="tournament-panel">
      <SectionTitle id="tournament-title">{tournament.name}</SectionTitle>
      {choices.length > 1 && (
        <SegmentedRadio
          label={t('money.tournament.choose')}
          options={choices.map((choice) => ({ value: choice.id, label: choice.name }))}
          value={tournament.id}
          onChange={(id) => onSelect?.(id)}
        />
      )}
      <Facts>
        <div>
          <dt>{t('money.tournament.time_left')}</dt>
          <dd>{left ? formatDuration(left, i18n.language, 'narrow') : t('money.tournament.ended')}</dd>
        </div>
        <div>
          <dt>{t('money.tournament.entry')}</dt>
          <dd>{tournament.entry_fee > 0 ? <Money amount={tournament.entry_fee} /> : t('money.tournament.free')}</dd>
        </div>
        <div>
          <dt>{t('money.tournament.start_balance')}</dt>
          <dd>
            <Money amount={tournament.start_balance} />
          </dd>
        </div>
        <div>
          <dt>{t('money.tournament.prize')}</dt>
          <dd>{tournament.prizes[0] === undefined ? '—' : <Money amount={tournament.prizes[0]} />}</dd>
        </div>
        <div>
          <dt>{t('money.tournament.participants')}</dt>
          <dd>{tournament.participants}</dd>
        </div>
        {you && (
          <div>
            <dt>{t('money.tournament.your_rank')}</dt>
            <dd data-testid="tournament-rank">{you.rank}</dd>
          </div>
        )}
      </Facts>
      {problem && <ProblemNotice message={problem} />}
      {/* The rule that would refuse the tap is shown before it: one running tournament at a time. */}
      {!tournament.joined && tournament.status === 'running' && inAnother && (
        <p role="note" data-testid="tournament-join-blocked">{t('money.tournament.error.in_another')}</p>
      )}
      {!tournament.joined && tournament.status === 'running' && !inAnother && (
        <Actions>
          <Button variant="gold" onClick={onJoin} busy={joining}>
            {tournament.entry_fee > 0 ? t('money.tournament.join_paid') : t('money.tournament.join')}
          </Button>
        </Actions>
      )}
      {tournament.joined && <p>{t('money.tournament.joined')}</p>}
      {rows.length === 0 ? (
        <p>{t('money.tournament.no_rows')}</p>
      ) : (
        <Board aria-label={t('money.tournament.leaderboard')}>
          <thead>
            <tr>
              <th scope="col">{t('money.tournament.rank')}</th>
              <th scope="col">{t('money.tournament.trader')}</th>
              <th scope="col">{t('money.tournament.profit')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.rank}-${row.name}`} data-you={row.is_you || undefined}>
                <td>{row.rank}</td>
                <td>{row.is_you ? t('money.tournament.you', { name: row.name }) : row.name}</td>
                <td>
                  <Money amount={row.profit} />
                </td>
              </tr>
            ))}
          </tbody>
        </Board>
      )}
    </Section>
  );
}
