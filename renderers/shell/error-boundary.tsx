import { Component, type ErrorInfo, type ReactNode } from 'react';
import { DefinitionError } from '../../engine/index.ts';
import { RegistryFaults } from '../definitions/registry-faults.tsx';
import { ErrorPage } from './error-page.tsx';

interface State {
  error?: Error;
}

/**
 * Turns a render error into the generic error page ('An unexpected error occurred.') instead of a
 * blank page; navigating elsewhere gives the new page its chance. Definitions that do not load (they load
 * when a page first needs them) show their faults by file and JSON pointer instead.
 */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = {};

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(previous: { resetKey?: string }) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: undefined });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (error instanceof DefinitionError) return <RegistryFaults faults={error.faults} />;
    return <ErrorPage error={error} onRetry={() => this.setState({ error: undefined })} />;
  }
}
