import { Alert, Stack } from '@chakra-ui/react';
import { evaluateLogic, type DetailNotice } from '../../../engine/index.ts';
import type { PageScope } from '../page-scope.ts';
import { textOf } from '../record-dialog-texts.ts';

/** A detail block's banners: each shown while its `when` holds over the record (a request to bind already sent). */
export function DetailNotices({ notices, scope }: { notices: DetailNotice[]; scope: PageScope }) {
  const shown = notices
    .filter((notice) => Boolean(evaluateLogic(notice.when, scope as unknown as Record<string, unknown>)))
    .map((notice) => ({ status: notice.status, text: textOf(notice.text, scope) }))
    .filter((notice) => notice.text !== '');
  if (shown.length === 0) return null;
  return (
    <Stack gap="2">
      {shown.map((notice) => (
        <Alert.Root key={notice.text} status={notice.status} data-testid="detail-notice">
          <Alert.Indicator />
          <Alert.Title>{notice.text}</Alert.Title>
        </Alert.Root>
      ))}
    </Stack>
  );
}
