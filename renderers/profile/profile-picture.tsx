import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { Area } from 'react-easy-crop';
import { Avatar, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { errorMessage } from '../../api/api-error.ts';
import { api } from '../session/api.ts';
import { useCurrentUser } from '../session/use-session.ts';
import { currentUserQuery, sessionStore } from '../session/store.ts';
import { usePictureSrc } from '../shell/picture-src.ts';
import { toaster } from '../shell/toaster.tsx';
import { ImageCropDialog } from '../dialog/image-crop-dialog.tsx';

/** Spec 001 sections 5 and 8: the picture's limits and texts, verbatim. */
export const PICTURE_TEXTS = {
  tooBig: 'The file size is too big, 2MB max.',
  failed: 'There has been an error uploading the image. Try again',
  uploaded: 'Photo Uploaded Successfully!',
} as const;
const MAX_BYTES = 2 * 1024 * 1024;
/** Spec 001 section 9: 'Profile picture: 2MB, zoom 1 to 3, step 0.1'; framed round. */
const PICTURE_FRAME = { minZoom: 1, maxZoom: 3, step: 0.1, aspect: 1, round: true } as const;
const ACCEPT = 'image/png,image/jpeg,image/gif';

/** 'The failure text. The server's reason.' — the reason only when it says something more. */
function failureWith(error: unknown): string {
  const detail = errorMessage(error);
  return detail && detail !== PICTURE_TEXTS.failed ? `${PICTURE_TEXTS.failed}. ${detail}` : PICTURE_TEXTS.failed;
}

/** The square the user framed, in whole pixels of the photo and within it (the server crops by these). */
export function cropQuery(area: Area, image: { width: number; height: number }) {
  const size = Math.max(1, Math.min(Math.round(Math.min(area.width, area.height)), image.width, image.height));
  const clamp = (value: number, limit: number) => Math.min(Math.max(0, Math.round(value)), limit - size);
  return { xCoordinate: clamp(area.x, image.width), yCoordinate: clamp(area.y, image.height), size };
}

type Upload = { url: string; width: number; height: number };

/**
 * The profile page's picture (spec 001 section 2 'Profile picture crop'): choose a PNG, JPG or GIF of at most
 * 2MB, which the server checks by its bytes and keeps for the crop; frame it in the crop dialog (zoom 1 to 3),
 * and the server crops it and makes it the picture every avatar shows. Remove takes it away.
 */
export function ProfilePicture() {
  const user = useCurrentUser().data!;
  const picture = usePictureSrc(user.avatarUrl);
  const input = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<Upload>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [cropError, setCropError] = useState<string>();

  // The chosen file's preview URL lives as long as the crop dialog.
  useEffect(() => (upload ? () => URL.revokeObjectURL(upload.url) : undefined), [upload]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(undefined);
    // Said at once; the server refuses it anyway.
    if (file.size > MAX_BYTES) {
      setError(PICTURE_TEXTS.tooBig);
      return;
    }
    setBusy(true);
    try {
      const body = new FormData();
      body.append('file', file);
      const { data } = await api.POST('/api/user/v1/pic/initial', { body: body as never });
      setCropError(undefined);
      setUpload({ url: URL.createObjectURL(file), width: data!.width, height: data!.height });
    } catch (failure) {
      setError(failureWith(failure));
    } finally {
      setBusy(false);
    }
  };

  const save = async (area: Area) => {
    if (!upload) return;
    setBusy(true);
    setCropError(undefined);
    try {
      await api.POST('/api/user/v1/pic/crop', { params: { query: cropQuery(area, upload) } });
      await currentUserQuery.ensure(sessionStore, true);
      setUpload(undefined);
      toaster.create({ type: 'success', title: PICTURE_TEXTS.uploaded, closable: true });
    } catch (failure) {
      setCropError(failureWith(failure));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await api.DELETE('/api/user/v1/pic');
      await currentUserQuery.ensure(sessionStore, true);
      toaster.create({ type: 'success', title: 'Photo removed', closable: true });
    } catch (failure) {
      setError(errorMessage(failure) || PICTURE_TEXTS.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box as="section" aria-labelledby="profile-picture-heading" bg="bg" borderWidth="1px" rounded="md" p="5" maxW="xl" data-testid="profile-picture">
      <Stack gap="4">
        <Heading as="h2" size="md" id="profile-picture-heading">
          Profile picture
        </Heading>
        <HStack gap="5" align="center" wrap="wrap">
          <Avatar.Root size="2xl" colorPalette="blue">
            <Avatar.Fallback name={user.fullName}>{user.initials}</Avatar.Fallback>
            {picture && <Avatar.Image src={picture} alt={`Picture of ${user.fullName}`} data-testid="profile-picture-image" />}
          </Avatar.Root>
          <Stack gap="2">
            <HStack gap="2" wrap="wrap">
              <Button size="sm" colorPalette="blue" loading={busy && !upload} onClick={() => input.current?.click()}>
                {user.avatarUrl ? 'Change photo' : 'Upload photo'}
              </Button>
              {user.avatarUrl && (
                <Button size="sm" variant="outline" disabled={busy} onClick={() => void remove()}>
                  Remove photo
                </Button>
              )}
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              PNG, JPG or GIF, at most 2MB.
            </Text>
          </Stack>
        </HStack>
        {error && (
          <Text role="alert" color="fg.error" fontSize="sm" data-testid="profile-picture-error">
            {error}
          </Text>
        )}
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          hidden
          aria-label="Choose a photo"
          data-testid="profile-picture-file"
          onChange={(event) => void choose(event)}
        />
      </Stack>
      {upload && (
        <ImageCropDialog
          title="Crop your photo"
          note="Drag the photo to place it in the circle; everyone who works with you sees this picture."
          frame={PICTURE_FRAME}
          testId="picture-crop"
          imageUrl={upload.url}
          busy={busy}
          error={cropError}
          onSave={(area) => void save(area)}
          onClose={() => setUpload(undefined)}
        />
      )}
    </Box>
  );
}
