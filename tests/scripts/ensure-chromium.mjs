#!/usr/bin/env node
/**
 * End-to-end tests and benchmarks drive Debian's Chromium through playwright-core (test tools may not
 * download their own browser here). Installs it with apt-get when it is missing, so a fresh machine
 * and CI need no manual step. Prints the path it found or installed.
 */
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = asRoot ? '' : 'sudo ';
  console.log(`Chromium not found at ${CHROMIUM_PATH}; installing Debian's chromium package...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit', env });
  execSync(`${sudo}apt-get install -y -qq --no-install-recommends chromium fonts-liberation`, { stdio: 'inherit', env });
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium is still missing at ${CHROMIUM_PATH} after apt-get install`);
  return CHROMIUM_PATH;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
