/**
 * Runs a command's `main` and exits with its code; a failure prints its message alone (no stack:
 * the operator reads it in a terminal) and exits with 1.
 */
export function runCommand(main: (args: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
