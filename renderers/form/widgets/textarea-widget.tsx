import type { WidgetProps } from '@rjsf/utils';
import { inputAria, useWidgetFlags } from './widget-flags.ts';
import { StableTextarea, useTypedText } from './typed-text.tsx';

/**
 * Multi-line text; with a maxLength it counts characters ('12/500') so users see the limit coming. Its text is
 * the browser's (typed-text.tsx); the count is a plain element styled by class (theme/system.ts), as it changes
 * with every keystroke.
 */
export function TextareaWidget(props: WidgetProps) {
  const { id, autofocus, placeholder, options, schema } = props;
  const flags = useWidgetFlags(props);
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const { ref, text, handlers } = useTypedText<HTMLTextAreaElement>(props);
  return (
    <div>
      <StableTextarea
        ref={ref}
        id={id}
        name={id}
        size="sm"
        rows={typeof options.rows === 'number' ? options.rows : 4}
        placeholder={placeholder}
        autoFocus={autofocus}
        maxLength={maxLength}
        disabled={flags.disabled}
        readOnly={flags.readOnly}
        {...inputAria(flags)}
        {...handlers}
      />
      {maxLength !== undefined && (
        <p className="form-count" data-testid={`${id}__count`}>
          {`${text.length}/${maxLength}`}
        </p>
      )}
    </div>
  );
}
