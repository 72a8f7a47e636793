import { Box, Fieldset, Text } from '@chakra-ui/react';
import type { FieldTemplateProps } from '@rjsf/utils';
import type { DefinitionFormContext } from './form-context.ts';
import { FieldViewContext, useSessionFieldView } from './use-field-view.ts';
import { FieldLabel } from './field-label.tsx';
import { FieldMessages } from './field-messages.tsx';
import { isGroupWidget, isSelfLabelledWidget, isWideWidget, widgetNameOf } from './widget-kinds.ts';

const NO_NOTES: never[] = [];

/**
 * One field row, painted from the engine's FieldView rather than rjsf's own required and error props:
 * hidden when the rules hide it, the asterisk when the rules require it, errors once touched.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, displayLabel, fieldPathId, registry, schema, uiSchema, hidden, rawHelp } = props;
  const { session } = registry.formContext as DefinitionFormContext;
  const path = fieldPathId.path.join('.');
  const view = useSessionFieldView(session, path);

  if (hidden) return <Box display="none">{children}</Box>;
  if (!view.visible) return null;
  // The root object draws itself (sections); nested objects become a fieldset with their title.
  if (path === '') return children;
  const text = view.state?.label ?? label;
  if (schema.type === 'object') {
    return (
      <Fieldset.Root gridColumn="1 / -1" data-field={path}>
        {/* A section may already name the object ('ui:options': {'label': false} leaves the legend out). */}
        {text && (uiSchema?.['ui:options'] as { label?: boolean } | undefined)?.label !== false && <Fieldset.Legend fontWeight="semibold">{text}</Fieldset.Legend>}
        <FieldViewContext.Provider value={view}>{children}</FieldViewContext.Provider>
      </Fieldset.Root>
    );
  }

  const widget = widgetNameOf(schema, uiSchema);
  const showLabel = displayLabel !== false && !isSelfLabelledWidget(widget) && Boolean(text);
  return (
    <div className="form-field" data-field={path} data-testid={`field-${path}`} data-wide={isWideWidget(widget) || undefined}>
      {showLabel && <FieldLabel id={id} text={text} required={view.state?.required ?? false} group={isGroupWidget(widget)} />}
      <FieldViewContext.Provider value={view}>{children}</FieldViewContext.Provider>
      {rawHelp && (
        <Text fontSize="xs" color="fg.muted" mt="1">
          {rawHelp}
        </Text>
      )}
      <FieldMessages id={id} errors={view.errors} notes={view.notes ?? NO_NOTES} />
    </div>
  );
}
