import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '@chakra-ui/react';
import { system } from '../../../renderers/theme/system.ts';

/**
 * The theme (renderers/theme/system.ts) carries only the recipes of the Chakra components the console draws: the
 * others would be JavaScript every page downloads for nothing (tests/scripts/bundle-budget.mjs). A component whose
 * recipe is missing draws unstyled without a word, so this reads which recipes are needed from the code itself:
 * every Chakra component imported under renderers/ or by the packages that draw through Chakra (chakra-react-select,
 * @chakra-ui/charts), followed through Chakra's own modules to the recipe keys they style themselves with.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const chakraEsm = join(root, 'node_modules/@chakra-ui/react/dist/esm');
const RECIPE_KEY = /(?:createSlotRecipeContext|createRecipeContext|useSlotRecipe|useRecipe)\(\s*\{\s*key:\s*"([A-Za-z]+)"/g;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The console's own modules and those of the packages it draws Chakra components through. */
function drawingModules(): string[] {
  return [
    ...filesUnder(join(root, 'renderers')).filter((path) => /\.tsx?$/.test(path)),
    join(root, 'node_modules/chakra-react-select/dist/index.mjs'),
    ...filesUnder(join(root, 'node_modules/@chakra-ui/charts/dist/esm')).filter((path) => path.endsWith('.js')),
  ];
}

/** The names imported from '@chakra-ui/react', types left out. */
function importedComponents(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(/import\s*(type\s*)?\{([^}]*)\}\s*from\s*['"]@chakra-ui\/react['"]/g)) {
      if (match[1]) continue;
      for (const part of match[2]!.split(',')) {
        const name = part.trim();
        if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0]!);
      }
    }
  }
  return names;
}

/** Chakra's index: each exported name to the module that defines it (a namespace to its namespace module). */
function chakraModules(): Map<string, string | undefined> {
  const index = readFileSync(join(chakraEsm, 'index.js'), 'utf8');
  const namespaces = new Map([...index.matchAll(/import \* as (\S+) from '(\.\/[^']+)'/g)].map((match) => [match[1]!, match[2]!]));
  // Names Chakra passes on from Ark UI (Portal, createToaster) have no recipe of their own: undefined.
  const modules = new Map<string, string | undefined>();
  for (const match of index.matchAll(/export \{([^}]*)\}(?: from '([^']+)')?/g)) {
    for (const part of match[1]!.split(',')) {
      const [local, exported] = part.trim().split(/\s+as\s+/) as [string, string | undefined];
      const file = match[2] ?? namespaces.get(local.trim());
      if (file) modules.set((exported ?? local).trim(), file.startsWith('./') ? join(chakraEsm, file) : undefined);
    }
  }
  return modules;
}

/** The recipe keys a module and the Chakra modules it imports style themselves with. */
function recipeKeysFrom(start: string[]): Set<string> {
  const keys = new Set<string>();
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || !file.startsWith(chakraEsm)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(RECIPE_KEY)) keys.add(match[1]!);
    for (const match of source.matchAll(/from '(\.{1,2}\/[^']+\.js)'/g)) queue.push(resolve(dirname(file), match[1]!));
  }
  return keys;
}

function neededRecipes(): string[] {
  const modules = chakraModules();
  const files = drawingModules();
  const used = [...importedComponents(files)];
  const unknown = used.filter((name) => !modules.has(name));
  expect(unknown, 'names imported from @chakra-ui/react that its index does not export').toEqual([]);
  const keys = recipeKeysFrom(used.flatMap((name) => modules.get(name) ?? []));
  // Recipes asked for by key outside Chakra (chakra-react-select's select and tag).
  for (const file of files) for (const match of readFileSync(file, 'utf8').matchAll(RECIPE_KEY)) keys.add(match[1]!);
  // Only keys Chakra's theme has a recipe for: a few components (the clipboard) are unstyled by design.
  const themed = new Set([...Object.keys(defaultConfig.theme?.recipes ?? {}), ...Object.keys(defaultConfig.theme?.slotRecipes ?? {})]);
  return [...keys].filter((key) => themed.has(key)).sort();
}

describe('the theme', () => {
  it('has a recipe for every Chakra component the console draws, and none other', () => {
    const needed = neededRecipes();
    expect(needed).toEqual(expect.arrayContaining(['button', 'checkbox', 'dialog', 'field', 'input', 'select', 'table']));
    const kept = [...Object.keys(system._config.theme?.recipes ?? {}), ...Object.keys(system._config.theme?.slotRecipes ?? {})].sort();
    expect(needed.filter((key) => !kept.includes(key)), 'recipes to add to renderers/theme/system.ts').toEqual([]);
    expect(kept.filter((key) => !needed.includes(key)), 'recipes nothing draws: drop them from renderers/theme/system.ts').toEqual([]);
  });

  it("keeps Chakra's tokens, text styles and global styles whole", () => {
    for (const part of ['tokens', 'semanticTokens', 'textStyles', 'layerStyles', 'animationStyles', 'keyframes', 'breakpoints'] as const) {
      expect(Object.keys(system._config.theme?.[part] ?? {}), part).toEqual(expect.arrayContaining(Object.keys(defaultConfig.theme?.[part] ?? {})));
    }
    expect(system.token('colors.blue.600')).toBe(defaultConfigToken('colors.blue.600'));
    expect(system._config.preflight).toBe(true);
  });
});

function defaultConfigToken(path: string): unknown {
  const [group, ...rest] = path.split('.');
  let node: unknown = (defaultConfig.theme?.tokens as Record<string, unknown> | undefined)?.[group!];
  for (const key of rest) node = (node as Record<string, unknown> | undefined)?.[key];
  return (node as { value?: unknown } | undefined)?.value;
}
