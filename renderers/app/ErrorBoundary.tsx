import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Box, Button, Code, Heading, Text } from '@chakra-ui/react';

interface State {
  error?: Error;
}

/**
 * Turns a render error into a readable message instead of a blank page: a definition that resolves
 * but trips a renderer should say what went wrong and where, like a registry fault does.
 */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = {};

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(previous: { resetKey?: string }) {
    // Navigating elsewhere gives the new page its chance.
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: undefined });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Box role="alert" p="6" borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="md">
        <Heading size="md" mb="2">
          This page could not be shown
        </Heading>
        <Text mb="3">
          <Code>{error.name}</Code> {error.message}
        </Text>
        <Button size="sm" variant="outline" onClick={() => this.setState({ error: undefined })}>
          Try again
        </Button>
      </Box>
    );
  }
}
