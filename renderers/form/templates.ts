import type { TemplatesType } from '@rjsf/utils';
import { FieldTemplate } from './field-template.tsx';
import { ObjectFieldTemplate } from './object-field-template.tsx';

/** Our templates over rjsf's core ones. Module-level so rjsf's registry never changes identity. */
export const TEMPLATES: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  // The engine shows errors under each field; rjsf's list at the top would repeat them.
  ErrorListTemplate: () => null,
  // Fields draw their own labels and legends; rjsf's description paragraph stays, its titles go.
  TitleFieldTemplate: () => null,
};
