import { useState } from 'react';
import { Alert, Box, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useParams } from 'react-router';
import { useServerDefinitions } from '../definitions/server-source.ts';
import { parseStudioKey } from './document-keys.ts';
import { loadFailureMessage } from './definition-documents.ts';
import { run } from '../session/run.ts';
import { useAsync } from './use-async.ts';
import { StudioNotFound } from './studio-not-found.tsx';
import { DocumentEditor } from './document-editor.tsx';

/** /admin/studio/:key — loads the current document and the published set, then hands over to the editor. */
export function StudioDocumentPage() {
  const { key = '' } = useParams();
  const studioKey = parseStudioKey(key);
  const server = useServerDefinitions();
  const current = useAsync(() => run('getDefinitionDocument', { params: { key } }), [key]);
  // Survives the editor's remount after a publish, so the confirmation stays on screen.
  const [notice, setNotice] = useState<string>();

  if (!studioKey) return <StudioNotFound message={`"${key}" is not a definition key.`} />;
  if (current.status === 'failed') {
    return (
      <Alert.Root status="error" my="6">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{`${key} could not be opened`}</Alert.Title>
          <Alert.Description>{loadFailureMessage(current.error)}</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" onClick={current.reload}>
          Try again
        </Button>
      </Alert.Root>
    );
  }
  if (current.status === 'loading' || server.state === 'idle' || server.state === 'loading') {
    return (
      <Stack align="center" py="16" gap="3" aria-busy="true">
        <Spinner size="lg" />
        <Text color="fg.muted">{`Opening ${key}…`}</Text>
      </Stack>
    );
  }
  return (
    <Box>
      <DocumentEditor
        key={`${key}@${current.data.version}`}
        studioKey={studioKey}
        current={current.data}
        notice={notice}
        onNotice={setNotice}
        onReload={current.reload}
        serverFailure={server.state === 'failed' ? server.message : undefined}
      />
    </Box>
  );
}
