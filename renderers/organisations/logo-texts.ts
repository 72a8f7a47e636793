/** The agency logos as spec 001 sections 8 and 9 give them; the server enforces the same limits. */
export const LOGO_KINDS = {
  small: { isSmall: true, title: 'Small logo', note: '144 × 144 pixels, at most 50KB', maxBytes: 50 * 1024, tooBig: 'The file size is too big, 50KB max.', aspect: 1, minZoom: 0.4, maxZoom: 3 },
  medium: { isSmall: false, title: 'Medium logo', note: '300 × 72 pixels, at most 150KB', maxBytes: 150 * 1024, tooBig: 'The file size is too big, 150KB max.', aspect: 300 / 72, minZoom: 1, maxZoom: 3 },
} as const;

export type LogoKind = keyof typeof LOGO_KINDS;

export const LOGO_TEXTS = {
  uploaded: 'Logo Uploaded Successfully!',
  failed: 'Something went wrong.Please try again!',
  removed: 'Logo removed',
  removeConfirm: 'Remove this logo? It stops showing straight away.',
  noLogo: 'No logo yet',
  accept: 'image/png,image/jpeg,image/gif',
} as const;
