/**
 * The diagrams of docs/statecharts.md, generated from the machine definitions themselves, so the
 * documentation cannot drift from the statecharts: each machine's states (nested and parallel
 * ones included), its transitions with their events and guards, and the events it accepts.
 *
 * docs/statecharts.md is written by hand around marked blocks; this script only replaces what lies
 * between `<!-- statechart:NAME -->` and `<!-- /statechart:NAME -->`. tests/unit/docs/statecharts.test.ts
 * fails when a block differs from what the machines give.
 *
 * Usage: tsx scripts/statechart-docs.ts          rewrite the blocks of docs/statecharts.md
 *        tsx scripts/statechart-docs.ts --check  exit 1 when the file is out of date
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { appMachine } from '../src/machines/app/app.machine';
import { articleMachine } from '../src/machines/article/article.machine';
import { audioMachine } from '../src/machines/audio/audio.machine';
import { betSlipMachine } from '../src/machines/betSlip/betSlip.machine';
import { betsMachine } from '../src/machines/bets/bets.machine';
import { burgerMachine } from '../src/machines/burger/burger.machine';
import { connectivityMachine } from '../src/machines/connectivity/connectivity.machine';
import { chartLayoutMachine } from '../src/machines/chart-layout/chart-layout.machine';
import { chartDrawingMachine } from '../src/machines/chart-drawing/chart-drawing.machine';
import { chartFeedMachine } from '../src/machines/chart-feed/chart-feed.machine';
import { chatsMachine } from '../src/machines/chats/chats.machine';
import { depositMachine } from '../src/machines/deposit/deposit.machine';
import { financesMachine } from '../src/machines/finances/finances.machine';
import { localeMachine } from '../src/machines/locale/locale.machine';
import { marketMachine } from '../src/machines/market/market.machine';
import { notificationsMachine } from '../src/machines/notifications/notifications.machine';
import { paymentStatusMachine } from '../src/machines/payment-status/payment-status.machine';
import { purchaseMachine } from '../src/machines/purchase/purchase.machine';
import { sessionMachine } from '../src/machines/session/session.machine';
import { supportMachine } from '../src/machines/support/support.machine';
import { toastsMachine } from '../src/machines/toasts/toasts.machine';
import { tournamentMachine } from '../src/machines/tournament/tournament.machine';
import { tradingMachine } from '../src/machines/trading/trading.machine';
import { versionMachine } from '../src/machines/version/version.machine';
import { walletMachine } from '../src/machines/wallet/wallet.machine';
import { withdrawMachine } from '../src/machines/withdraw/withdraw.machine';
import { securityMachine } from '../src/machines/security/security.machine';
import { limitsMachine } from '../src/machines/limits/limits.machine';
import { realityCheckMachine } from '../src/machines/realityCheck/realityCheck.machine';
import { verificationMachine } from '../src/machines/verification/verification.machine';
import { betHistoryMachine } from '../src/routes/history/bet-history.machine';
import { ordersMachine } from '../src/machines/orders/orders.machine';
import { alertsMachine } from '../src/machines/alerts/alerts.machine';

/** Every statechart of the web app, by the name its block carries in docs/statecharts.md. */
export const MACHINES: Record<string, AnyStateMachine> = {
  app: appMachine,
  session: sessionMachine,
  wallet: walletMachine,
  locale: localeMachine,
  toasts: toastsMachine,
  version: versionMachine,
  notifications: notificationsMachine,
  audio: audioMachine,
  burger: burgerMachine,
  connectivity: connectivityMachine,
  trading: tradingMachine,
  market: marketMachine,
  chartLayout: chartLayoutMachine,
  chartFeed: chartFeedMachine,
  chartDrawing: chartDrawingMachine,
  betSlip: betSlipMachine,
  bets: betsMachine,
  betHistory: betHistoryMachine,
  orders: ordersMachine,
  alerts: alertsMachine,
  finances: financesMachine,
  deposit: depositMachine,
  withdraw: withdrawMachine,
  paymentStatus: paymentStatusMachine,
  purchase: purchaseMachine,
  tournament: tournamentMachine,
  support: supportMachine,
  chats: chatsMachine,
  article: articleMachine,
  security: securityMachine,
  limits: limitsMachine,
  realityCheck: realityCheckMachine,
  verification: verificationMachine,
};

export const STATECHARTS_DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/statecharts.md');

/** The parts of xstate's StateNode this generator reads. */
interface Node {
  key: string;
  id: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  states: Record<string, Node>;
  initial?: { target: readonly Node[] };
  transitions: Map<string, readonly Transition[]>;
  always?: readonly Transition[];
  invoke: readonly { id: string; src: unknown }[];
}
interface Transition {
  eventType: string;
  target?: readonly Node[];
  guard?: { type?: unknown } | unknown;
}

const mermaidId = (node: Node) => node.id.replace(/[^A-Za-z0-9_]/g, '_');

/** The name of an invoked actor: its src as setup() names it, else the id it was given. */
function actorName(node: Node, id: string): string {
  const invoked = node.invoke.find((definition) => definition.id === id);
  return typeof invoked?.src === 'string' ? invoked.src : id;
}

/** An event as a reader names it: xstate's generated event types become "done: actor", "after 500 ms". */
function eventLabel(node: Node, eventType: string): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `done: ${actorName(node, done[1]!)}`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `error: ${actorName(node, error[1]!)}`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return /^\d+$/.test(after[1]!) ? `after ${after[1]} ms` : `after ${after[1]}`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  if (eventType === '') return 'always';
  return eventType;
}

function guardLabel(guard: Transition['guard']): string {
  if (!guard) return '';
  // A named guard is written as its name or as { type, params }; an inline function has no name.
  const type =
    typeof guard === 'string'
      ? guard
      : typeof guard === 'object' && guard !== null && 'type' in guard
        ? (guard as { type?: unknown }).type
        : undefined;
  return typeof type === 'string' ? ` [${type}]` : ' [guarded]';
}

/** Mermaid's labels may not hold ';' or ':' after the first one; '#' starts an entity. */
const safe = (text: string) => text.replace(/[;#]/g, ' ').replace(/:/g, '∶');

function transitionsOf(node: Node): Transition[] {
  const all: Transition[] = [];
  for (const list of node.transitions.values()) all.push(...list);
  for (const t of node.always ?? []) all.push({ ...t, eventType: '' });
  return all;
}

function renderNode(node: Node, indent: string, out: string[]) {
  const children = Object.values(node.states);
  if (children.length > 0) {
    out.push(`${indent}state "${node.key}" as ${mermaidId(node)} {`);
    renderChildren(node, indent + '  ', out);
    out.push(`${indent}}`);
  } else {
    out.push(`${indent}state "${node.key}" as ${mermaidId(node)}`);
    if (node.type === 'final') out.push(`${indent}${mermaidId(node)} --> [*]`);
  }
}

function renderChildren(parent: Node, indent: string, out: string[]) {
  const children = Object.values(parent.states);
  children.forEach((child, index) => {
    if (parent.type === 'parallel' && index > 0) out.push(`${indent}--`);
    if (parent.type === 'parallel') {
      // A region: its own box, so the separators fall between whole regions.
      renderNode(child, indent, out);
      return;
    }
    renderNode(child, indent, out);
  });
  if (parent.type !== 'parallel') {
    for (const target of parent.initial?.target ?? []) out.push(`${indent}[*] --> ${mermaidId(target)}`);
  }
}

/** Every transition with a target, source --> target : event [guard], in definition order. */
function renderTransitions(node: Node, out: string[]) {
  for (const transition of transitionsOf(node)) {
    for (const target of transition.target ?? []) {
      out.push(
        `  ${mermaidId(node)} --> ${mermaidId(target)} : ${safe(eventLabel(node, transition.eventType) + guardLabel(transition.guard))}`,
      );
    }
  }
  for (const child of Object.values(node.states)) renderTransitions(child, out);
}

/** The events a machine accepts from outside (its own event types, not xstate's generated ones). */
function acceptedEvents(node: Node, into = new Set<string>()): Set<string> {
  for (const type of node.transitions.keys()) if (!type.startsWith('xstate.')) into.add(type);
  for (const child of Object.values(node.states)) acceptedEvents(child, into);
  return into;
}

/** The generated block of one machine: its mermaid stateDiagram-v2 and the events it accepts. */
export function renderMachine(machine: AnyStateMachine): string {
  const root = machine.root as unknown as Node;
  const out: string[] = ['```mermaid', 'stateDiagram-v2'];
  // The machine is the outer box: its own transitions apply in every state and start from there.
  renderNode(root, '  ', out);
  out.push(`  [*] --> ${mermaidId(root)}`);
  renderTransitions(root, out);
  out.push('```');
  const events = [...acceptedEvents(root)].sort();
  out.push(
    '',
    events.length > 0 ? `Events: ${events.map((e) => `\`${e}\``).join(', ')}.` : 'Events: none from outside.',
  );
  return out.join('\n');
}

const block = (name: string) => new RegExp(`(<!-- statechart:${name} -->)[\\s\\S]*?(<!-- /statechart:${name} -->)`);

/** The document with every machine's block regenerated; throws when a machine has no block. */
export function regenerate(doc: string): string {
  let next = doc;
  for (const [name, machine] of Object.entries(MACHINES)) {
    const pattern = block(name);
    if (!pattern.test(next)) throw new Error(`docs/statecharts.md has no block for the ${name} machine`);
    next = next.replace(pattern, (_all, open: string, close: string) => `${open}\n${renderMachine(machine)}\n${close}`);
  }
  return next;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const current = readFileSync(STATECHARTS_DOC, 'utf8');
  const next = regenerate(current);
  if (process.argv.includes('--check')) {
    if (next !== current) {
      console.error('docs/statecharts.md is out of date: run `npm run docs:statecharts`.');
      process.exit(1);
    }
  } else if (next !== current) {
    writeFileSync(STATECHARTS_DOC, next);
  }
}
