import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { signInRegistryResultAtom } from './registry-atoms.ts';
import { RegistryFaults } from './registry-faults.tsx';

/**
 * Renders its children once the sign-in page's definitions (the login form, the editions) loaded;
 * otherwise the faults that stopped them. The other definitions load when a page first needs them
 * (useRegistry), and their faults show where that page would be.
 */
export function RegistryGate({ children }: { children: ReactNode }) {
  const result = useAtomValue(signInRegistryResultAtom);
  return result.ok ? <>{children}</> : <RegistryFaults faults={result.faults} />;
}
