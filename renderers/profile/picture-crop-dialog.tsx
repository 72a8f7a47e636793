import { useCallback, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { Alert, Box, Button, CloseButton, Dialog, HStack, Portal, Slider, Text } from '@chakra-ui/react';

/** Spec 001 section 9: 'Profile picture: 2MB, zoom 1 to 3, step 0.1'. */
export const PICTURE_ZOOM = { min: 1, max: 3, step: 0.1 } as const;

/**
 * Frames the uploaded photo for the profile picture: a round, square-cropped frame, drag to move, the slider
 * (or the wheel) to zoom from 1 to 3 in steps of 0.1. The square chosen is reported in the photo's own pixels,
 * which is what the server crops by.
 */
export function PictureCropDialog({
  imageUrl,
  busy,
  error,
  onSave,
  onClose,
}: {
  imageUrl: string;
  busy: boolean;
  error?: string;
  onSave: (area: Area) => void;
  onClose: () => void;
}) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(PICTURE_ZOOM.min);
  const [area, setArea] = useState<Area>();
  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);
  return (
    <Dialog.Root open size="md" onOpenChange={(details) => !details.open && !busy && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="picture-crop">
            <Dialog.Header>
              <Dialog.Title>Crop your photo</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Box position="relative" height="72" bg="bg.muted" rounded="md" overflow="hidden" data-testid="picture-cropper">
                <Cropper
                  image={imageUrl}
                  crop={crop}
                  zoom={zoom}
                  minZoom={PICTURE_ZOOM.min}
                  maxZoom={PICTURE_ZOOM.max}
                  zoomSpeed={PICTURE_ZOOM.step * 2}
                  aspect={1}
                  cropShape="round"
                  showGrid={false}
                  onCropChange={setCrop}
                  onZoomChange={setZoom}
                  onCropComplete={onCropComplete}
                />
              </Box>
              <Slider.Root
                mt="4"
                min={PICTURE_ZOOM.min}
                max={PICTURE_ZOOM.max}
                step={PICTURE_ZOOM.step}
                value={[zoom]}
                onValueChange={(details) => setZoom(details.value[0] ?? PICTURE_ZOOM.min)}
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
                Drag the photo to place it in the circle; everyone who works with you sees this picture.
              </Text>
              {error && (
                <Alert.Root status="error" mt="4" data-testid="picture-crop-error">
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
