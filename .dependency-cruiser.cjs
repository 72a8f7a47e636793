// Import rules the lint cannot express (DESIGN.md 'API and server': an area is imported only through its one
// public entry, and import cycles are refused). Run by `npm run lint:deps` over server/ and engine/.

// The policy lifecycle's sub-modules, lowest first: each imports only those before it, so the sub-modules
// depend one way and the schedule of record sits at the bottom, read by all. A new sub-module takes its
// place here.
const LIFECYCLE_LAYERS = [
  'shared', 'schedule', 'calendar', 'ledger',
  'quotes', 'subjectivities', 'account-questions', 'quote-review', 'surplus-notice',
  'policies', 'financing', 'payments', 'reminders/invoice', 'reminders/renewal', 'issuing',
];
const escape = (folder) => folder.replace(/[/.]/g, (c) => `\\${c}`);

const oneWay = LIFECYCLE_LAYERS.slice(0, -1).map((folder, index) => ({
  name: 'lifecycle-one-way',
  severity: 'error',
  comment: `server/lifecycle/${folder}/ imports only the sub-modules below it (${LIFECYCLE_LAYERS.slice(0, index).join(', ') || 'none'}): move the shared piece down, or pass a function in.`,
  from: { path: `^server/lifecycle/${escape(folder)}/` },
  to: { path: `^server/lifecycle/(${LIFECYCLE_LAYERS.slice(index + 1).map(escape).join('|')})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle (type-only imports included): move the shared piece into a module both can import.',
      from: { path: '^(server|engine)/' },
      to: { circular: true },
    },
    {
      name: 'lifecycle-through-its-entry',
      severity: 'error',
      comment: 'Outside server/lifecycle/, the lifecycle is imported from server/lifecycle/index.ts only (tests may reach inside; the server finds handlers and migrations by path).',
      from: { path: '^(server|engine)/', pathNot: '^server/lifecycle/' },
      to: { path: '^server/lifecycle/', pathNot: '^server/lifecycle/index\\.ts$' },
    },
    ...oneWay,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
