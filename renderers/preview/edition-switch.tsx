import { HStack, NativeSelect, chakra } from '@chakra-ui/react';
import type { EditionId } from '../../engine/index.ts';

/** Which edition the definition is resolved in; option texts are the edition ids (US, UK). */
export function EditionSwitch({ editions, value, onChange }: { editions: EditionId[]; value: EditionId; onChange: (edition: EditionId) => void }) {
  return (
    <HStack gap="2">
      <chakra.label htmlFor="gallery-edition" fontSize="sm" fontWeight="medium">
        Edition
      </chakra.label>
      <NativeSelect.Root size="sm" width="24">
        <NativeSelect.Field id="gallery-edition" value={value} onChange={(event) => onChange(event.target.value as EditionId)} bg="bg">
          {editions.map((edition) => (
            <option key={edition} value={edition}>
              {edition.toUpperCase()}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
  );
}
