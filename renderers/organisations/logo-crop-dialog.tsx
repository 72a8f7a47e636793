import { useCallback, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { Alert, Box, Button, CloseButton, Dialog, HStack, Portal, Slider, Text } from '@chakra-ui/react';
import { LOGO_KINDS, type LogoKind } from './logo-texts.ts';

/**
 * Frames an uploaded picture for a logo: drag to move, the slider (or the wheel) to zoom within the logo's
 * range. The area chosen is reported in the picture's own pixels, which is what the server crops by; zoomed
 * out below 1 the area reaches past the picture, and the server leaves that part transparent.
 */
export function LogoCropDialog({
  kind,
  imageUrl,
  busy,
  error,
  onSave,
  onClose,
}: {
  kind: LogoKind;
  imageUrl: string;
  busy: boolean;
  error?: string;
  onSave: (area: Area) => void;
  onClose: () => void;
}) {
  const spec = LOGO_KINDS[kind];
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area>();
  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);
  return (
    <Dialog.Root open size="lg" onOpenChange={(details) => !details.open && !busy && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={`logo-crop-${kind}`}>
            <Dialog.Header>
              <Dialog.Title>{`Crop the ${spec.title.toLowerCase()}`}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Box position="relative" height="72" bg="bg.muted" rounded="md" overflow="hidden">
                <Cropper
                  image={imageUrl}
                  crop={crop}
                  zoom={zoom}
                  minZoom={spec.minZoom}
                  maxZoom={spec.maxZoom}
                  aspect={spec.aspect}
                  restrictPosition={spec.minZoom >= 1}
                  onCropChange={setCrop}
                  onZoomChange={setZoom}
                  onCropComplete={onCropComplete}
                />
              </Box>
              <Slider.Root
                mt="4"
                min={spec.minZoom}
                max={spec.maxZoom}
                step={0.1}
                value={[zoom]}
                onValueChange={(details) => setZoom(details.value[0] ?? 1)}
              >
                <HStack justify="space-between">
                  <Slider.Label>Zoom</Slider.Label>
                  <Slider.ValueText />
                </HStack>
                <Slider.Control>
                  <Slider.Track>
                    <Slider.Range />
                  </Slider.Track>
                  <Slider.Thumbs />
                </Slider.Control>
              </Slider.Root>
              <Text fontSize="sm" color="fg.muted" mt="2">
                {spec.note}
              </Text>
              {error && (
                <Alert.Root status="error" mt="4" data-testid="logo-crop-error">
                  <Alert.Indicator />
                  <Alert.Title>{error}</Alert.Title>
                </Alert.Root>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button colorPalette="blue" loading={busy} disabled={!area} onClick={() => area && onSave(area)}>
                Save
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
