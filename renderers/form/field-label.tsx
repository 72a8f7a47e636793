import { memo } from 'react';
import { Box, Text, chakra } from '@chakra-ui/react';
import { labelIdOf } from './field-ids.ts';

/**
 * A field's label with the red asterisk when the engine says it is required (not the schema: rules
 * make fields required). Groups (radio, checkboxes) get a plain text label their widget points at
 * with aria-labelledby, since a <label for> cannot name a group. Memoised: the widget beside it
 * re-renders on every keystroke, the label almost never.
 */
export const FieldLabel = memo(function FieldLabel({ id, text, required, group }: { id: string; text: string; required: boolean; group: boolean }) {
  const content = (
    <>
      {text}
      {required && (
        <Box as="span" color="required" ms="1" aria-hidden="true">
          *
        </Box>
      )}
    </>
  );
  return group ? (
    <Text id={labelIdOf(id)} fontSize="sm" fontWeight="medium" mb="1.5">
      {content}
    </Text>
  ) : (
    <chakra.label id={labelIdOf(id)} htmlFor={id} display="block" fontSize="sm" fontWeight="medium" mb="1.5">
      {content}
    </chakra.label>
  );
});
