import type { AnyStateMachine } from 'xstate';
import type { MachineModule } from './export';

/** The app's machine modules, loaded only when a test is exported. */
const modules = import.meta.glob(['../machines/*/*.machine.ts', '../routes/**/*.machine.ts']);

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'provide' in value && typeof (value as { id?: unknown }).id === 'string';

/**
 * Where each machine id is exported from, as a test saved in a new `recorded` folder of tests/unit imports it
 * (the exported file says so).
 */
export async function machineModules(): Promise<(machineId: string) => MachineModule | null> {
  const found = new Map<string, MachineModule>();
  for (const [path, load] of Object.entries(modules)) {
    const exports = (await load()) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(exports)) {
      if (!isMachine(value) || found.has(value.id)) continue;
      found.set(value.id, { importPath: `../../../src/${path.slice('../'.length).replace(/\.ts$/, '')}`, exportName });
    }
  }
  return (machineId) => found.get(machineId) ?? null;
}
