import PDFDocument from 'pdfkit';
import Papa from 'papaparse';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { translate } from '../../i18n';
import { projectFile } from '../../project-files';
import { fromCents, formatUsd } from '../../../../src/api/contract/money';
import type { Locale } from '../../../../src/api/contract/envelope';
import type { StatementQuery } from '../../../../src/api/contract/limits';
import { nextDay, startOfDayIn, zoneLabel, zonedStamp } from '../../../../src/api/contract/time-zone';

/** A statement of the main wallet over whole days of the trader's time zone: its rows and the balances around them. */
export interface Statement {
  kind: StatementQuery['kind'];
  from: string;
  to: string;
  /** The zone its days and times are in, as the header names it ('Europe/Moscow, UTC+03:00'). */
  zone: string;
  /** The main wallet's balance at the start of `from` and at the end of `to` (the ledger's sums). */
  openingCents: number;
  closingCents: number;
  header: string[];
  /** Text cells and numbers; a number is a money amount or an id, written as a number. */
  rows: (string | number)[][];
  /** Label and amount of each total printed under the rows. */
  totals: [string, number][];
}

/**
 * Builds a statement from the ledger, its days and times in `timeZone` (an IANA name). Finance:
 * every ledger row of the main wallet in the range with the balance after it, so the opening
 * balance plus the rows is the closing one. Bets: every main-wallet bet opened in the range, with
 * its stake, return and result.
 */
export async function buildStatement(db: Kysely<DB>, userId: number, query: StatementQuery, locale: Locale, timeZone: string): Promise<Statement> {
  const from = startOfDayIn(query.from, timeZone);
  const until = startOfDayIn(nextDay(query.to), timeZone);
  const t = (key: string) => translate(locale, key);
  const stamp = (at: Date) => zonedStamp(at, timeZone);
  // The zone's offsets over the period and at every time printed (a change of summer time shows both).
  const zoneOf = (printed: Date[]) => zoneLabel(timeZone, [from, new Date(until.getTime() - 1), ...printed]);
  const headerOf = (columns: string[], zone: string) => columns.map((c) => translate(locale, `limits.statement.column.${c}`, { zone }));
  const sumBefore = async (at: Date) =>
    Number(
      (
        await db
          .selectFrom('ledger_entries')
          .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('sum'))
          .where('user_id', '=', userId)
          .where('wallet_type', '=', 'main')
          .where('created_at', '<', at)
          .executeTakeFirstOrThrow()
      ).sum,
    );
  const openingCents = await sumBefore(from);
  const closingCents = await sumBefore(until);
  const base = { kind: query.kind, from: query.from, to: query.to, openingCents, closingCents };

  if (query.kind === 'finance') {
    const entries = await db
      .selectFrom('ledger_entries')
      .select(['id', 'created_at', 'kind', 'amount_cents', 'ref_type', 'ref_id'])
      .where('user_id', '=', userId)
      .where('wallet_type', '=', 'main')
      .where('created_at', '>=', from)
      .where('created_at', '<', until)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    let balance = openingCents;
    let credits = 0;
    let debits = 0;
    const rows = entries.map((e) => {
      balance += e.amount_cents;
      if (e.amount_cents >= 0) credits += e.amount_cents;
      else debits += e.amount_cents;
      return [stamp(e.created_at), t(`limits.statement.ledger.${e.kind}`), `${e.ref_type} ${e.ref_id}`, fromCents(e.amount_cents), fromCents(balance)];
    });
    const zone = zoneOf(entries.map((e) => e.created_at));
    return {
      ...base,
      zone,
      header: headerOf(['time', 'kind', 'reference', 'amount', 'balance'], zone),
      rows,
      totals: [
        [t('limits.statement.opening'), fromCents(openingCents)],
        [t('limits.statement.credits'), fromCents(credits)],
        [t('limits.statement.debits'), fromCents(debits)],
        [t('limits.statement.closing'), fromCents(closingCents)],
      ],
    };
  }

  const bets = await db
    .selectFrom('bets')
    .innerJoin('pairs', 'pairs.id', 'bets.pair_id')
    .select(['bets.id', 'bets.opened_at', 'bets.closed_at', 'pairs.symbol', 'bets.direction', 'bets.amount_cents', 'bets.status', 'bets.returned_cents'])
    .where('bets.user_id', '=', userId)
    .where('bets.wallet_type', '=', 'main')
    .where('bets.opened_at', '>=', from)
    .where('bets.opened_at', '<', until)
    .orderBy('bets.opened_at')
    .orderBy('bets.id')
    .execute();
  let staked = 0;
  let returned = 0;
  const rows = bets.map((b) => {
    staked += b.amount_cents;
    returned += b.returned_cents ?? 0;
    const settled = b.status !== 'open';
    return [
      b.id,
      stamp(b.opened_at),
      b.closed_at ? stamp(b.closed_at) : '',
      b.symbol,
      t(`limits.statement.direction.${b.direction}`),
      fromCents(b.amount_cents),
      t(`limits.statement.status.${b.status}`),
      settled ? fromCents(b.returned_cents ?? 0) : '',
      settled ? fromCents((b.returned_cents ?? 0) - b.amount_cents) : '',
    ];
  });
  const zone = zoneOf(bets.flatMap((b) => (b.closed_at ? [b.opened_at, b.closed_at] : [b.opened_at])));
  return {
    ...base,
    zone,
    header: headerOf(['bet', 'opened', 'closed', 'pair', 'direction', 'stake', 'status', 'returned', 'profit'], zone),
    rows,
    totals: [
      [t('limits.statement.opening'), fromCents(openingCents)],
      [t('limits.statement.staked'), fromCents(staked)],
      [t('limits.statement.returned'), fromCents(returned)],
      [t('limits.statement.closing'), fromCents(closingCents)],
    ],
  };
}

/**
 * RFC 4180 CSV (CRLF, quotes doubled) through papaparse. Text cells that begin with = + - @ a tab
 * or a carriage return are prefixed with a quote (papaparse's escapeFormulae), so a spreadsheet
 * shows them as text and never runs them; amounts are numbers we wrote and stay numbers.
 */
export function statementCsv(statement: Statement): string {
  const blank = statement.header.map(() => '');
  const totals = statement.totals.map(([label, amount]) => [label, amount, ...blank.slice(2)]);
  return Papa.unparse([statement.header, ...statement.rows, blank, ...totals], { newline: '\r\n', escapeFormulae: true, quotes: false });
}

/** The statement as a PDF (pdfkit, one embedded font with Cyrillic, subset): title, period, rows, totals. */
export function statementPdf(statement: Statement, locale: Locale): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 36, info: { Title: translate(locale, `limits.statement.title.${statement.kind}`) } });
  doc.registerFont('body', projectFile('server/content/fonts/LiberationSans-Regular.ttf'));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const cell = (value: string | number) => (typeof value === 'number' ? formatUsd(value, locale) : value);
  const columns = statement.header.length;
  const width = (doc.page.width - 72) / columns;
  const line = (cells: (string | number)[], size: number) => {
    if (doc.y > doc.page.height - 60) doc.addPage();
    const y = doc.y;
    doc.fontSize(size);
    cells.forEach((value, i) => doc.text(cell(value), 36 + i * width, y, { width: width - 4, lineBreak: false, ellipsis: true }));
    doc.y = y + 13;
  };

  doc.font('body').fontSize(14).text(translate(locale, `limits.statement.title.${statement.kind}`), 36, 36);
  doc.fontSize(10).text(translate(locale, 'limits.statement.period', { from: statement.from, to: statement.to, zone: statement.zone }));
  doc.moveDown();
  line(statement.header, 9);
  // An id column is a number but no money.
  for (const row of statement.rows) line(statement.kind === 'bets' ? [String(row[0]), ...row.slice(1)] : row, 8);
  doc.moveDown();
  for (const [label, amount] of statement.totals) line([label, amount], 9);
  doc.end();
  return done;
}
