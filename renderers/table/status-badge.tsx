import { Badge } from '@chakra-ui/react';

/** Status words grouped by what they mean to users, so the same colors mean the same thing everywhere. */
const PALETTES: [RegExp, string][] = [
  [/^(BOUND|ISSUED|ACTIVE|PAID|READY|SIGNED|APPROVED|FILED|DELIVERED)$/i, 'green'],
  [/^(DECLINED|LOST|CANCELLED|CANCELED|EXPIRED|VOID|REJECTED|FAILED)$/i, 'red'],
  [/^(REFERRED|IN_REVIEW|REQUESTED|PENDING|INDICATION|PARTIALLY PAID)$/i, 'orange'],
];

export function StatusBadge({ value, label }: { value: string; label: string }) {
  const palette = PALETTES.find(([pattern]) => pattern.test(value))?.[1] ?? 'gray';
  return (
    <Badge size="sm" variant="subtle" colorPalette={palette}>
      {label}
    </Badge>
  );
}
