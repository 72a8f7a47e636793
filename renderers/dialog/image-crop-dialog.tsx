import { useCallback, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { Alert, Box, Button, CloseButton, Dialog, HStack, Portal, Slider, Text } from '@chakra-ui/react';

/** How a picture is framed: its zoom range and step, the frame's aspect and shape. */
export interface CropFrame {
  minZoom: number;
  maxZoom: number;
  step: number;
  aspect: number;
  round?: boolean;
}

/**
 * Frames an uploaded picture before the server crops it (profile pictures, agency logos): drag to move, the
 * slider (or the wheel) to zoom within the frame's range. The area chosen is reported in the picture's own
 * pixels, which is what the server crops by; zoomed out below 1 the area reaches past the picture (the server
 * leaves that part transparent).
 */
export function ImageCropDialog({
  title,
  note,
  frame,
  testId,
  size = 'md',
  imageUrl,
  busy,
  error,
  onSave,
  onClose,
}: {
  title: string;
  note: string;
  frame: CropFrame;
  testId: string;
  size?: 'md' | 'lg';
  imageUrl: string;
  busy: boolean;
  error?: string;
  onSave: (area: Area) => void;
  onClose: () => void;
}) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(Math.max(1, frame.minZoom));
  const [area, setArea] = useState<Area>();
  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);
  return (
    <Dialog.Root open size={size} onOpenChange={(details) => !details.open && !busy && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Box position="relative" height="72" bg="bg.muted" rounded="md" overflow="hidden" data-testid={`${testId}-cropper`}>
                <Cropper
                  image={imageUrl}
                  crop={crop}
                  zoom={zoom}
                  minZoom={frame.minZoom}
                  maxZoom={frame.maxZoom}
                  zoomSpeed={frame.step * 2}
                  aspect={frame.aspect}
                  cropShape={frame.round ? 'round' : 'rect'}
                  showGrid={!frame.round}
                  restrictPosition={frame.minZoom >= 1}
                  onCropChange={setCrop}
                  onZoomChange={setZoom}
                  onCropComplete={onCropComplete}
                />
              </Box>
              <Slider.Root
                mt="4"
                min={frame.minZoom}
                max={frame.maxZoom}
                step={frame.step}
                value={[zoom]}
                onValueChange={(details) => setZoom(details.value[0] ?? frame.minZoom)}
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
                {note}
              </Text>
              {error && (
                <Alert.Root status="error" mt="4" data-testid={`${testId}-error`}>
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
