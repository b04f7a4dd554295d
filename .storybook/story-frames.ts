import { sanitize, storyNameFromExport } from 'storybook/internal/csf';
import { commands } from 'vitest/browser';

/**
 * Every story names a state, so no two stories of one file may end on the same picture: when they
 * do, one of them does not show its state (a play function that changes nothing visible, args the
 * component never reaches). The story test run (.storybook/vitest.setup.ts) takes the final
 * frame of each story that passed and checks the file's frames once its stories have run.
 *
 * A pair that looks the same on purpose says so on one of its stories, with the reason:
 *   parameters: { sameFrameAs: { story: 'Idle', why: 'the request is still on its way: ...' } }
 * `story` is the sibling's export name. A declaration whose pair no longer looks the same fails
 * too, so the list never keeps a reason that stopped being true.
 */
type SameFrameAs = { story: string; why: string };

type Frame = { key: string; name: string; hash: string; sameFrameAs: SameFrameAs | undefined };

const frames: Frame[] = [];

/** The story-id part of an export name: `LongName` -> `long-name`, as Storybook builds the id. */
function storyKey(exportName: string): string {
  return sanitize(storyNameFromExport(exportName));
}

/** A fresh list for the story file about to run. */
export function startFile(): void {
  frames.length = 0;
}

/**
 * Takes the frame the story ended on and returns what its baseline says of it (null: it
 * matches); call it before anything resizes or changes the page.
 */
export async function recordFrame(storyId: string, name: string, parameters: Record<string, unknown>): Promise<string | null> {
  const { hash, baseline } = await commands.storyFrame(storyId, true);
  const sameFrameAs = parameters.sameFrameAs as SameFrameAs | undefined;
  frames.push({ key: storyId.slice(storyId.indexOf('--') + 2), name, hash, sameFrameAs });
  return baseline;
}

/** What the baseline of the story's picture at another width says (null: it matches). */
export async function recordBaselineAt(storyId: string, width: number): Promise<string | null> {
  return (await commands.storyFrame(`${storyId}@${width}`, false)).baseline;
}

/**
 * What is wrong with the file's frames: stories that end on one picture without a declaration
 * that ties them together, and declarations that name a missing story, give no reason, or tie
 * two stories that look different.
 */
export function sameFrameProblems(): string[] {
  const problems: string[] = [];
  const byKey = new Map(frames.map((frame) => [frame.key, frame]));
  // Each picture's stories start apart; every valid declaration joins two of them.
  const group = new Map(frames.map((frame) => [frame.key, frame.key]));
  const root = (key: string): string => {
    const parent = group.get(key) ?? key;
    return parent === key ? key : root(parent);
  };
  for (const frame of frames) {
    if (!frame.sameFrameAs) continue;
    const { story, why } = frame.sameFrameAs;
    const sibling = byKey.get(storyKey(story));
    if (!why?.trim()) problems.push(`"${frame.name}" declares the same frame as ${story} without a reason (why)`);
    // A sibling that did not run (filtered out, or it failed) cannot be checked here.
    if (!sibling) continue;
    if (sibling.hash !== frame.hash) {
      problems.push(`"${frame.name}" declares the same frame as "${sibling.name}", but they now look different: remove the declaration`);
    } else group.set(root(frame.key), root(sibling.key));
  }
  const byPicture = new Map<string, Frame[]>();
  for (const frame of frames) byPicture.set(frame.hash, [...(byPicture.get(frame.hash) ?? []), frame]);
  for (const same of byPicture.values()) {
    if (new Set(same.map((frame) => root(frame.key))).size < 2) continue;
    const listed = same.map((frame) => `"${frame.name}"`).join(', ');
    problems.push(
      `${listed} end on the same picture: make each show the state it names, merge them, or declare it on one of them with parameters.sameFrameAs = { story, why }`,
    );
  }
  return problems;
}
