import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { Area } from 'react-easy-crop';
import { Box, Button, Card, Heading, HStack, Image, SimpleGrid, Skeleton, Stack, Text, chakra } from '@chakra-ui/react';
import { isApiError } from '../../api/api-error.ts';
import { runNamed } from '../../api/run.ts';
import { ConfirmDialog } from '../dialog/confirm-dialog.tsx';
import { run } from '../session/run.ts';
import { useCurrentUser, usePermission } from '../session/use-session.ts';
import { toaster } from '../shell/toaster.tsx';
import { ImageCropDialog } from '../dialog/image-crop-dialog.tsx';
import { LOGO_KINDS, LOGO_TEXTS, type LogoKind } from './logo-texts.ts';

type Logo = { status: 'loading' } | { status: 'none' } | { status: 'ready'; dataUrl: string } | { status: 'error'; message: string };

/** The server's message when it gave one, else the spec's default for logos. */
function failureOf(error: unknown): string {
  return isApiError(error) && error.message ? error.message : LOGO_TEXTS.failed;
}

/**
 * An agency's small and medium logos (spec 001 sections 7 to 9): each shown as stored, replaced by
 * choosing a picture (uploaded at once, so the server checks its size and type by its content), framing it
 * in the crop dialog and saving the area, which the server crops; or removed. The agency is the page's
 * `agencyId` (provider staff on an agency's page) or, on an agency's own profile, the user's account.
 */
export function AgencyLogos() {
  const { agencyId: routeAgency } = useParams();
  const user = useCurrentUser().data;
  const agencyId = routeAgency ?? user?.account.id;
  const mayChange = usePermission(['upload:write']);
  if (!agencyId) return null;
  return (
    <Stack gap="3" data-testid="agency-logos">
      <Heading as="h2" size="lg">
        Logos
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <LogoCard agencyId={agencyId} kind="small" mayChange={mayChange} />
        <LogoCard agencyId={agencyId} kind="medium" mayChange={mayChange} />
      </SimpleGrid>
    </Stack>
  );
}

function LogoCard({ agencyId, kind, mayChange }: { agencyId: string; kind: LogoKind; mayChange: boolean }) {
  const spec = LOGO_KINDS[kind];
  const [logo, setLogo] = useState<Logo>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [picked, setPicked] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [cropError, setCropError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [removeError, setRemoveError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const readOp = spec.isSmall ? 'getSmallAgencyLogo' : 'getMediumAgencyLogo';
  const deleteOp = spec.isSmall ? 'deleteSmallAgencyLogo' : 'deleteMediumAgencyLogo';

  useEffect(() => {
    const controller = new AbortController();
    runNamed(run, readOp, { params: { id: agencyId }, signal: controller.signal })
      .then((answer) => !controller.signal.aborted && setLogo({ status: 'ready', dataUrl: (answer as { dataUrl: string }).dataUrl }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLogo(isApiError(error) && error.status === 404 ? { status: 'none' } : { status: 'error', message: failureOf(error) });
      });
    return () => controller.abort();
  }, [agencyId, readOp, attempt]);

  useEffect(() => () => { if (picked) URL.revokeObjectURL(picked); }, [picked]);

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (file.size > spec.maxBytes) {
      toaster.create({ type: 'error', title: spec.tooBig, closable: true });
      return;
    }
    const body = new FormData();
    body.append('file', file);
    setBusy(true);
    try {
      await runNamed(run, 'uploadAgencyLogo', { params: { id: agencyId }, query: { isSmall: spec.isSmall }, body });
      setCropError(undefined);
      setPicked(URL.createObjectURL(file));
    } catch (error) {
      toaster.create({ type: 'error', title: failureOf(error), closable: true });
    } finally {
      setBusy(false);
    }
  };

  const save = useCallback(async (area: Area) => {
    setBusy(true);
    setCropError(undefined);
    try {
      const query = { id: agencyId, isSmall: spec.isSmall, xCoordinate: Math.round(area.x), yCoordinate: Math.round(area.y), width: Math.max(1, Math.round(area.width)), height: Math.max(1, Math.round(area.height)) };
      const answer = (await runNamed(run, 'cropAgencyLogo', { query })) as { dataUrl: string };
      setLogo({ status: 'ready', dataUrl: answer.dataUrl });
      setPicked(undefined);
      toaster.create({ type: 'success', title: LOGO_TEXTS.uploaded, closable: true });
    } catch (error) {
      setCropError(failureOf(error));
    } finally {
      setBusy(false);
    }
  }, [agencyId, spec.isSmall]);

  const remove = async () => {
    setBusy(true);
    setRemoveError(undefined);
    try {
      await runNamed(run, deleteOp, { params: { id: agencyId } });
      setConfirming(false);
      setLogo({ status: 'none' });
      toaster.create({ type: 'success', title: LOGO_TEXTS.removed, closable: true });
    } catch (error) {
      setRemoveError(failureOf(error));
    } finally {
      setBusy(false);
    }
  };

  const inputId = `agency-logo-${kind}`;
  return (
    <Card.Root data-testid={`agency-logo-${kind}`}>
      <Card.Header>
        <Heading as="h3" size="md">
          {spec.title}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {spec.note}
        </Text>
      </Card.Header>
      <Card.Body>
        <Box
          borderWidth="1px"
          borderStyle="dashed"
          rounded="md"
          minH="40"
          display="flex"
          alignItems="center"
          justifyContent="center"
          bg="bg.subtle"
          p="3"
        >
          {logo.status === 'loading' && <Skeleton width={kind === 'small' ? '36' : '75'} height={kind === 'small' ? '36' : '18'} />}
          {logo.status === 'none' && <Text color="fg.muted">{LOGO_TEXTS.noLogo}</Text>}
          {logo.status === 'error' && (
            <Stack align="center">
              <Text color="fg.error">{logo.message}</Text>
              <Button size="xs" variant="outline" onClick={() => { setLogo({ status: 'loading' }); setAttempt((count) => count + 1); }}>
                Try again
              </Button>
            </Stack>
          )}
          {logo.status === 'ready' && (
            <Image src={logo.dataUrl} alt={spec.title} width={kind === 'small' ? '144px' : '300px'} height={kind === 'small' ? '144px' : '72px'} />
          )}
        </Box>
      </Card.Body>
      {mayChange && (
        <Card.Footer>
          <HStack gap="3">
            <chakra.input ref={input} id={inputId} type="file" accept={LOGO_TEXTS.accept} display="none" onChange={(event) => void choose(event.target.files?.[0])} />
            <Button size="sm" colorPalette="blue" loading={busy && !picked && !confirming} onClick={() => input.current?.click()}>
              {logo.status === 'ready' ? 'Replace' : 'Upload'}
            </Button>
            {logo.status === 'ready' && (
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => { setRemoveError(undefined); setConfirming(true); }}>
                Remove
              </Button>
            )}
          </HStack>
        </Card.Footer>
      )}
      {picked && (
        <ImageCropDialog
          title={`Crop the ${spec.title.toLowerCase()}`}
          note={spec.note}
          frame={{ minZoom: spec.minZoom, maxZoom: spec.maxZoom, step: 0.1, aspect: spec.aspect }}
          testId={`logo-crop-${kind}`}
          size="lg"
          imageUrl={picked}
          busy={busy}
          error={cropError}
          onSave={(area) => void save(area)}
          onClose={() => setPicked(undefined)}
        />
      )}
      {confirming && (
        <ConfirmDialog
          title={`Remove the ${spec.title.toLowerCase()}`}
          text={LOGO_TEXTS.removeConfirm}
          confirmLabel="Remove"
          destructive
          busy={busy}
          error={removeError}
          onConfirm={() => void remove()}
          onClose={() => setConfirming(false)}
        />
      )}
    </Card.Root>
  );
}
