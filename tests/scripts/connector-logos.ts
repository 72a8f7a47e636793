/**
 * `npx tsx tests/scripts/connector-logos.ts`: writes renderers/public/connector-logos/<type>.svg, one plain
 * labelled mark per connector type of server/resources/connectors/catalogue.ts (the tool's initials on a
 * square coloured by its category). They are our own marks, not the vendors' trademarks.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CONNECTOR_TYPES } from '../../server/resources/connectors/catalogue.ts';

const OUT = fileURLToPath(new URL('../../renderers/public/connector-logos/', import.meta.url));

const PALETTE: Record<string, string> = {
  'Cloud and identity': '#1f5fbf',
  Cloud: '#2b6cb0',
  Identity: '#6b46c1',
  'Identity and productivity': '#553c9a',
  'Vulnerability management': '#c05621',
  'Security monitoring': '#2c7a7b',
  'Mobile security': '#2f855a',
  'Risk rating': '#4a5568',
  'Risk assessment': '#4a5568',
  Compliance: '#975a16',
  'Network security': '#b83280',
  'Security awareness': '#38a169',
  'Backup and recovery': '#3182ce',
  'E-mail security': '#805ad5',
  'Managed detection': '#1a365d',
  'Endpoint security': '#c53030',
  'Code security': '#285e61',
};

function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => /^[A-Z0-9]/.test(word));
  if (words.length === 1) return words[0]!.slice(0, 2);
  return words.map((word) => word[0]).join('').slice(0, 3);
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

mkdirSync(OUT, { recursive: true });
for (const entry of CONNECTOR_TYPES) {
  const initials = initialsOf(entry.name);
  const size = initials.length > 2 ? 20 : 24;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escape(entry.name)}">
<title>${escape(entry.name)}</title>
<rect width="64" height="64" rx="12" fill="${PALETTE[entry.category] ?? '#4a5568'}"/>
<text x="32" y="33" text-anchor="middle" dominant-baseline="middle" font-family="Helvetica, Arial, sans-serif" font-size="${size}" font-weight="700" fill="#ffffff">${escape(initials)}</text>
</svg>
`;
  writeFileSync(`${OUT}${entry.logo.replace('/connector-logos/', '')}`, svg);
}
console.log(`${CONNECTOR_TYPES.length} connector logos written to renderers/public/connector-logos/`);
