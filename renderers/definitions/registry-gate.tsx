import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { registryResultAtom } from './registry-atoms.ts';
import { RegistryFaults } from './registry-faults.tsx';

/** Renders its children only once the registry loaded; otherwise the faults that stopped it. */
export function RegistryGate({ children }: { children: ReactNode }) {
  const result = useAtomValue(registryResultAtom);
  return result.ok ? <>{children}</> : <RegistryFaults faults={result.faults} />;
}
