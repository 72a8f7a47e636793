import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import type { DefinitionFormContext } from './form-context.ts';
import { FieldGrid, FormSection } from './form-section.tsx';

/**
 * The root object groups its fields into the definition's layout sections (cards, in layout order);
 * fields no section lists follow in a plain group. Nested objects lay their fields out in a grid.
 */
export function ObjectFieldTemplate({ properties, fieldPathId, registry }: ObjectFieldTemplateProps) {
  const { session, columns } = registry.formContext as DefinitionFormContext;
  const sections = session.definition.layout?.sections ?? [];
  if (fieldPathId.path.length > 0 || sections.length === 0) {
    return <FieldGrid columns={columns}>{properties.map((property) => property.content)}</FieldGrid>;
  }
  const byName = new Map(properties.map((property) => [property.name, property]));
  const placed = new Set(sections.flatMap((section) => section.fields));
  const rest = properties.filter((property) => !placed.has(property.name));
  return (
    <div className="form-sections">
      {sections.map((section) => (
        <FormSection key={section.id} session={session} id={section.id} title={section.title} description={section.description} columns={columns}>
          {section.fields.map((name) => byName.get(name)?.content)}
        </FormSection>
      ))}
      {rest.length > 0 && <FieldGrid columns={columns}>{rest.map((property) => property.content)}</FieldGrid>}
    </div>
  );
}
