import { HStack, NativeSelect, chakra } from '@chakra-ui/react';

/** The personas rules may test with `$context.persona` (definitions/README.md). */
export const PERSONAS = ['admin', 'agency', 'customer', 'da', 'mssp', 'carrier', 'cluster', 'vendor', 'reinsurer', 'premiumprocessor'];

export function PersonaSelect({ value, onChange }: { value: string; onChange: (persona: string) => void }) {
  return (
    <HStack gap="2">
      <chakra.label htmlFor="gallery-persona" fontSize="sm" fontWeight="medium">
        Persona
      </chakra.label>
      <NativeSelect.Root size="sm" width="44">
        <NativeSelect.Field id="gallery-persona" value={value} onChange={(event) => onChange(event.target.value)} bg="bg">
          {PERSONAS.map((persona) => (
            <option key={persona} value={persona}>
              {persona}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
  );
}
