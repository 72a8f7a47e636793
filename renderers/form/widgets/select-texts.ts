/** The type-ahead texts of every select in the console (spec 000 section 5: 'Type to search', 'No options'). */
export const SELECT_PLACEHOLDER = 'Type to search';
export const noOptionsMessage = () => 'No options';
