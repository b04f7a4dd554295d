import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

/**
 * The layer rules of docs/architecture.md "Rules a change keeps", as `npm run lint` applies them:
 * each forbidden import below, linted as if it were in that file, is refused with the rule's
 * message; an allowed one passes.
 */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });
const BOUNDARY_RULES = new Set([
  'import-x/no-restricted-paths',
  'no-restricted-imports',
  '@typescript-eslint/no-restricted-imports',
  'no-restricted-syntax',
]);

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('the lint keeps the layers one way', () => {
  test.each([
    ['src/ui/Example.tsx', "import { appMachine } from '../machines/app/app.machine';\nexport const x = appMachine;\n"],
    [
      'src/machines/market/example.ts',
      "import { PriceChart } from '../../ui/chart/PriceChart';\nexport const x = PriceChart;\n",
    ],
    ['src/machines/market/example.ts', "import { useState } from 'react';\nexport const x = useState;\n"],
    ['src/machines/market/example.ts', 'export const x = import.meta.env.DEV;\n'],
    [
      'server/src/modules/bets/example.ts',
      "import { createApi } from '../../../../src/api/api';\nexport const x = createApi;\n",
    ],
    [
      'server/src/http/example.ts',
      "import { walletsOf } from '../modules/wallet/ledger';\nexport const x = walletsOf;\n",
    ],
    [
      'server/src/modules/tournaments/example.ts',
      "import { paymentRoutes } from '../payments/routes';\nexport const x = paymentRoutes;\n",
    ],
    [
      'stories/backoffice/Example.stories.tsx',
      "import { signedInUser } from '../../server/src/http/signed-in-user';\nexport const x = signedInUser;\n",
    ],
  ])(
    '%s may not: %s',
    async (file, code) => {
      const found = await problems(file, code);
      expect(found.length).toBeGreaterThan(0);
      expect(
        found.every((rule) => BOUNDARY_RULES.has(rule)),
        found.join(', '),
      ).toBe(true);
    },
    60_000,
  );

  test('the allowed directions pass', async () => {
    expect(
      await problems(
        'server/src/modules/bets/example.ts',
        "import { toCents } from '../../../../src/api/contract/money';\nexport const x = toCents;\n",
      ),
    ).toEqual([]);
    expect(
      await problems(
        'src/machines/market/example.ts',
        "import { applyTick } from '../../shared/chart-series';\nexport const x = applyTick;\n",
      ),
    ).toEqual([]);
    expect(
      await problems(
        'stories/backoffice/Example.stories.tsx',
        "import { pageBody } from '../../shared/backoffice/html';\nexport const x = pageBody;\n",
      ),
    ).toEqual([]);
  }, 60_000);
});
