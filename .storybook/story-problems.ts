import type { SetupWorker } from 'msw/browser';

/**
 * What went wrong while a story was on screen that the story itself does not show: a console
 * error, a request that failed outside msw, a picture that did not load. The story test run
 * (.storybook/vitest.setup.ts) starts a fresh list before each story and fails a story that left
 * anything in it; the workbench never starts one.
 */
const problems: string[] = [];
let recording = false;

/** A problem in a line: a data: URL or a long message is cut, its start names it. */
function record(problem: string): void {
  if (recording) problems.push(problem.length > 300 ? `${problem.slice(0, 300)}…` : problem);
}

/** A fresh list for the story about to run. */
export function startRecording(): void {
  watchPage();
  recording = true;
  problems.length = 0;
}

export function takeProblems(): string[] {
  return problems.splice(0);
}

function describeArgument(argument: unknown): string {
  if (argument instanceof Error) return `${argument.name}: ${argument.message}`;
  if (typeof argument === 'string') return argument;
  try {
    return JSON.stringify(argument);
  } catch {
    return String(argument);
  }
}

let watchingPage = false;

/** Console errors and resources (pictures, styles, scripts) that failed to load. */
function watchPage(): void {
  if (watchingPage) return;
  watchingPage = true;
  const consoleError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    record(`console.error: ${args.map(describeArgument).join(' ')}`);
    consoleError(...args);
  };
  // A resource's load error does not bubble: it is seen on its way down, in the capture phase.
  document.addEventListener(
    'error',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLImageElement) record(`picture did not load: ${target.currentSrc || target.src}`);
      else if (target instanceof HTMLLinkElement || target instanceof HTMLScriptElement) {
        record(`resource did not load: ${'href' in target ? target.href : target.src}`);
      }
    },
    true,
  );
}

/**
 * Requests msw let through: an API call no handler answers is a story missing its data, and a
 * file the dev server cannot serve is a broken picture or style. Answers a handler gives on
 * purpose (a 500 for an error state) are the story's own.
 */
export function watchWorker(worker: SetupWorker): void {
  worker.events.on('request:unhandled', ({ request }) => {
    if (new URL(request.url).pathname.startsWith('/api/')) record(`no msw handler for ${request.method} ${request.url}`);
  });
  worker.events.on('response:bypass', ({ request, response }) => {
    if (response.status >= 400 && !new URL(request.url).pathname.startsWith('/api/')) {
      record(`${request.method} ${request.url} answered ${response.status}`);
    }
  });
}
