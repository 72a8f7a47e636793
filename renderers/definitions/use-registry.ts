import { useAtomValue } from 'jotai';
import type { Registry } from '../../engine/index.ts';
import { registryResultAtom } from './registry-atoms.ts';

/** The loaded registry. Only used below <RegistryGate>, which renders the faults when loading failed. */
export function useRegistry(): Registry {
  const result = useAtomValue(registryResultAtom);
  if (!result.ok) throw new Error('useRegistry outside <RegistryGate>: the definitions did not load');
  return result.registry;
}
